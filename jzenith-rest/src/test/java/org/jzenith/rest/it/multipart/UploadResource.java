package org.jzenith.rest.it.multipart;

import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.jzenith.rest.RestConfiguration;

/** File uploads as Jakarta REST 3.1 writes them, with EntityPart. */
@Path("/uploads")
@Produces(MediaType.TEXT_PLAIN)
public class UploadResource {

    private final RestConfiguration configuration;

    public UploadResource(final RestConfiguration configuration) {
        this.configuration = configuration;
    }

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public String upload(
            @FormParam("description") final String description, @NotNull @FormParam("file") final EntityPart file)
            throws IOException {
        final long size;
        try (InputStream content = file.getContent()) {
            size = content.transferTo(java.io.OutputStream.nullOutputStream());
        }
        final long waiting;
        try (Stream<java.nio.file.Path> files = Files.list(
                java.nio.file.Path.of(configuration.uploadsDirectory().orElseThrow()))) {
            waiting = files.count();
        }
        return description + ": " + file.getFileName().orElse("?") + " (" + file.getMediaType() + ", " + size
                + " bytes, " + waiting + " file on disk)";
    }

    @POST
    @Path("/all")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public String all(final List<EntityPart> parts) throws IOException {
        final StringBuilder names = new StringBuilder();
        for (final EntityPart part : parts) {
            names.append(part.getName())
                    .append('=')
                    .append(part.getContent(String.class))
                    .append(';');
        }
        return names.toString();
    }
}
