package org.jzenith.rest.it.conventions;

import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.atomic.AtomicInteger;

/** Locators declared to return Object or Class, as Jersey code picks a sub-resource by what it finds. */
@Path("/shelves")
@Singleton // its state is shared by every request
public class ShelfResource {

    private final AtomicInteger located = new AtomicInteger();

    @Path("/{kind}")
    public Object shelf(@PathParam("kind") final String kind, @QueryParam("limit") final Integer limit) {
        located.incrementAndGet();
        return switch (kind) {
            case "books" -> new BookShelf(limit == null ? 10 : limit);
            case "records" -> RecordShelf.class;
            case "plain" -> new NoMethods();
            default -> null;
        };
    }

    @Path("/by-class")
    public Class<?> byClass() {
        return RecordShelf.class;
    }

    @GET
    @Path("/located")
    public String located() {
        return Integer.toString(located.get());
    }

    /** A sub-resource made by the locator. */
    public static class BookShelf {

        private final int limit;

        BookShelf(final int limit) {
            this.limit = limit;
        }

        @GET
        public String list() {
            return "books up to " + limit;
        }

        @GET
        @Path("/{title}")
        public String one(@PathParam("title") final String title) {
            return "the book " + title;
        }

        @POST
        @Consumes(MediaType.TEXT_PLAIN)
        public String add(final String title) {
            return "shelved " + title;
        }
    }

    /** A sub-resource whose class the locator returns: made by Guice, with what it injects. */
    public static class RecordShelf {

        private final FruitBasket basket;

        @jakarta.inject.Inject
        RecordShelf(final FruitBasket basket) {
            this.basket = basket;
        }

        @GET
        public String list() {
            return "records, and an apple for " + basket.cents("apple");
        }
    }

    /** Not a resource: no method with an HTTP method annotation. */
    public static class NoMethods {

        public String nothing() {
            return "";
        }
    }
}
