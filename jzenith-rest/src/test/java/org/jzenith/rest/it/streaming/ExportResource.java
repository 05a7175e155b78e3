package org.jzenith.rest.it.streaming;

import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/** Written as Jersey and Dropwizard resources write exports and downloads. */
@Path("/export")
public class ExportResource {

    static final int ROWS = 100_000;

    @GET
    @Path("/csv")
    @Produces("text/csv")
    public StreamingOutput csv() {
        return output -> {
            final BufferedWriter writer = new BufferedWriter(new OutputStreamWriter(output, StandardCharsets.UTF_8));
            for (int i = 0; i < ROWS; i++) {
                writer.write("row," + i + "\n");
            }
            writer.flush();
        };
    }

    @GET
    @Path("/download")
    public Response download() {
        final StreamingOutput file = output -> output.write("id,name\n1,Ada\n".getBytes(StandardCharsets.UTF_8));
        return Response.ok(file)
                .type("text/csv")
                .header("Content-Disposition", "attachment; filename=\"people.csv\"")
                .build();
    }

    @GET
    @Path("/fails-first")
    @Produces("text/plain")
    public StreamingOutput failsFirst() {
        return output -> {
            throw new IllegalStateException("the export broke before writing");
        };
    }

    @GET
    @Path("/fails-later")
    @Produces("text/plain")
    public StreamingOutput failsLater() {
        return output -> {
            output.write(new byte[64 * 1024]);
            throw new IllegalStateException("the export broke half way");
        };
    }

    @GET
    @Path("/non-blocking")
    @Produces("text/plain")
    @NonBlocking
    public StreamingOutput nonBlocking() {
        return output -> output.write("written off the event loop".getBytes(StandardCharsets.UTF_8));
    }

    @POST
    @Path("/count-bytes")
    @Consumes("application/octet-stream")
    @Produces("text/plain")
    public String countBytes(final InputStream body) throws IOException {
        return Long.toString(body.transferTo(OutputStream.nullOutputStream()));
    }

    @POST
    @Path("/count-lines")
    @Produces("text/plain")
    public String countLines(final Reader body) {
        return Long.toString(new BufferedReader(body).lines().count());
    }
}
