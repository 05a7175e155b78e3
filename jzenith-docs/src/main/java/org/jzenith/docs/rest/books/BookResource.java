package org.jzenith.docs.rest.books;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

/** docs/rest.md, "Providers": the resource whose failures NoSuchBookMapper answers. */
@Path("/books")
public class BookResource {

    @GET
    @Path("/{isbn}")
    public Book get(@PathParam("isbn") final String isbn) {
        if (isbn.equals("9780262510875")) {
            return new Book(isbn, "Structure and Interpretation of Computer Programs");
        }
        throw new NoSuchBookException(isbn);
    }
}
