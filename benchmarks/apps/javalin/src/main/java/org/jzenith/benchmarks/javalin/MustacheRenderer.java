package org.jzenith.benchmarks.javalin;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.MustacheFactory;
import io.javalin.http.Context;
import io.javalin.rendering.FileRenderer;
import java.io.StringWriter;
import java.util.Map;

/**
 * Javalin's {@link FileRenderer} for Mustache templates under {@code templates/} on the class path,
 * as javalin-rendering-mustache provides it (that artifact is not on Maven Central for Javalin 7).
 * The factory caches compiled templates; Mustache escapes HTML.
 */
final class MustacheRenderer implements FileRenderer {

    private final MustacheFactory factory = new DefaultMustacheFactory("templates");

    @Override
    public String render(final String filePath, final Map<String, ?> model, final Context ctx) {
        final StringWriter html = new StringWriter(2048);
        factory.compile(filePath).execute(html, model);
        return html.toString();
    }
}
