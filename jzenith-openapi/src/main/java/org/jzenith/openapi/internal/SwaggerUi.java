package org.jzenith.openapi.internal;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The files of Swagger UI's page from the {@code org.webjars:swagger-ui} jar: only those the page
 * loads ({@link #FILES}) that the jar has, found once at start-up; each is read on its first
 * request, off the event loop, and kept. Any other name is nobody's file and leaves nothing
 * behind, so that names a client makes up cannot grow the heap.
 *
 * <p>Thread-safe: the set of files is fixed at creation, the kept ones are in a concurrent map.
 */
final class SwaggerUi {

    /**
     * What Swagger UI's {@code index.html} loads, and its OAuth 2 redirect page; {@code
     * swagger-initializer.js} is not among them, as the service writes its own.
     */
    static final Set<String> FILES = Set.of(
            "index.html",
            "index.css",
            "swagger-ui.css",
            "swagger-ui-bundle.js",
            "swagger-ui-standalone-preset.js",
            "favicon-16x16.png",
            "favicon-32x32.png",
            "oauth2-redirect.html",
            "oauth2-redirect.js");

    private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
    private static final String WEBJAR_VERSION = "META-INF/maven/org.webjars/swagger-ui/pom.properties";

    private final ClassLoader loader;
    /** The jar's folder of this version, ending in a slash. */
    private final String folder;

    private final Set<String> present;
    private final Map<String, Future<Buffer>> kept = new ConcurrentHashMap<>();

    private SwaggerUi(final ClassLoader loader, final String folder, final Set<String> present) {
        this.loader = loader;
        this.folder = folder;
        this.present = present;
    }

    /** Swagger UI from the webjar {@code loader} sees; empty when it has none. */
    static Optional<SwaggerUi> on(final ClassLoader loader) {
        return version(loader).map(version -> {
            final String folder = WEBJAR + version + "/";
            final Set<String> present = FILES.stream()
                    .filter(name -> loader.getResource(folder + name) != null)
                    .collect(Collectors.toUnmodifiableSet());
            return new SwaggerUi(loader, folder, present);
        });
    }

    /**
     * The file of this {@code name}, read on its first request on a worker thread of {@code vertx};
     * empty for a name that is not one of the page's files in the jar. A failed read is forgotten, so
     * that the next request tries again.
     */
    Optional<Future<Buffer>> file(final Vertx vertx, final String name) {
        if (!present.contains(name)) {
            return Optional.empty();
        }
        return Optional.of(kept.computeIfAbsent(name, reading(vertx)));
    }

    private Function<String, Future<Buffer>> reading(final Vertx vertx) {
        return name -> vertx.executeBlocking(() -> read(name), false).onFailure(failure -> kept.remove(name));
    }

    /** How many files are kept: at most as many as {@link #FILES}. */
    int kept() {
        return kept.size();
    }

    private Buffer read(final String name) throws IOException {
        try (InputStream in = loader.getResourceAsStream(folder + name)) {
            if (in == null) {
                throw new IOException("the swagger-ui jar no longer has " + folder + name);
            }
            return Buffer.buffer(in.readAllBytes());
        }
    }

    private static Optional<String> version(final ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(WEBJAR_VERSION)) {
            if (in == null) {
                return Optional.empty();
            }
            final Properties properties = new Properties();
            properties.load(in);
            return Optional.ofNullable(properties.getProperty("version"));
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + WEBJAR_VERSION + " of the swagger-ui jar", e);
        }
    }
}
