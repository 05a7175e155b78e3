package org.jzenith.maven;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A stand-in for a jZenith service in the training test: answers {@code /health/live}, the
 * health and metrics paths, echoes {@code POST /echo}, fails {@code /fail} with 500, and 404
 * otherwise, on the port given as {@code --rest.port=N}. Packed into a jar by the test.
 */
public final class TinyService {

    private TinyService() {}

    public static void main(final String... args) throws IOException {
        int port = 8080;
        for (final String arg : args) {
            if (arg.startsWith("--rest.port=")) {
                port = Integer.parseInt(arg.substring("--rest.port=".length()));
            }
        }
        final HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", TinyService::handle);
        server.start();
        System.out.println("tiny service listening on " + port);
    }

    private static void handle(final HttpExchange exchange) throws IOException {
        final String path = exchange.getRequestURI().getPath();
        final byte[] request = exchange.getRequestBody().readAllBytes();
        final int status;
        final byte[] body;
        switch (path) {
            case "/health", "/health/live", "/health/ready", "/metrics" -> {
                status = 200;
                body = "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8);
            }
            case "/echo" -> {
                status = 200;
                body = request;
            }
            case "/fail" -> {
                status = 500;
                body = "{\"title\":\"it broke\"}".getBytes(StandardCharsets.UTF_8);
            }
            default -> {
                status = 404;
                body = new byte[0];
            }
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
        exchange.close();
    }
}
