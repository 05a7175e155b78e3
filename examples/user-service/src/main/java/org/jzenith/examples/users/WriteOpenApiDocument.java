package org.jzenith.examples.users;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestServer;

/**
 * Writes the user service's OpenAPI document to a file, for tools that run in the build (the
 * client generator of {@code UserServiceClientIT}): starts the service on a free port, reads {@code
 * /openapi.json} as any client would, and stops it.
 *
 * <pre>
 * java -cp ... org.jzenith.examples.users.WriteOpenApiDocument target/openapi/user-service.json --jdbc.embedded.directory=target/openapi-h2
 * </pre>
 */
public final class WriteOpenApiDocument {

    private WriteOpenApiDocument() {}

    /** {@code args[0]}: the file to write; the others are the service's settings. */
    public static void main(final String... args) throws IOException, InterruptedException {
        if (args.length == 0) {
            throw new IllegalArgumentException("Name the file to write the document to");
        }
        final Path target = Path.of(args[0]);
        final String[] settings = Arrays.copyOfRange(args, 1, args.length + 1);
        settings[settings.length - 1] = "--rest.port=0";
        final JZenith app = UserServiceApplication.application(settings).start();
        try (HttpClient client = HttpClient.newHttpClient()) {
            final int port = app.instance(RestServer.class).port();
            final HttpResponse<String> document = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/openapi.json"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (document.statusCode() != 200) {
                throw new IllegalStateException("/openapi.json answered " + document.statusCode());
            }
            Files.createDirectories(target.toAbsolutePath().getParent());
            Files.writeString(target, document.body());
        } finally {
            app.stop();
        }
    }
}
