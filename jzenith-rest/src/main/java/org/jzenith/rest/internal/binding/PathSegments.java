package org.jzenith.rest.internal.binding;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.PathSegment;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.context.RequestTarget;
import org.jzenith.rest.internal.context.VertxUriInfo;
import org.jzenith.rest.internal.params.Binding;

/**
 * {@code PathSegment} path parameters and {@code @MatrixParam}s: a path variable's value split into
 * its path and its matrix parameters ({@code /cars/mercedes;color=red}), and the matrix parameters
 * of the request path's last segment, read by {@link VertxUriInfo}'s segments, decoded.
 */
final class PathSegments {

    private PathSegments() {}

    /**
     * A resolver for a path parameter of type {@code PathSegment} or {@code List<PathSegment>} (a
     * variable that spans segments, {@code {path: .+}}); empty for any other type.
     */
    static Optional<ArgumentResolver> forType(final Type type, final String vertxName) {
        if (type == PathSegment.class) {
            return Optional.of(context -> {
                final List<PathSegment> segments = segmentsOf(context.pathParam(vertxName));
                return Binding.value(segments.isEmpty() ? null : segments.getFirst());
            });
        }
        if (type instanceof ParameterizedType list
                && list.getRawType() == List.class
                && list.getActualTypeArguments()[0] == PathSegment.class) {
            return Optional.of(context -> Binding.value(segmentsOf(context.pathParam(vertxName))));
        }
        return Optional.empty();
    }

    /** The values of matrix parameter {@code name} on the last segment of the request's path. */
    static List<String> matrixParameter(final RoutingContext context, final String name) {
        final List<PathSegment> segments =
                new VertxUriInfo(RequestTarget.of(context.request()), Map.of(), () -> null, "").getPathSegments();
        if (segments.isEmpty()) {
            return List.of();
        }
        final List<String> values = segments.getLast().getMatrixParameters().get(name);
        return values == null ? List.of() : values;
    }

    /** Vert.x gives path variables decoded already: split them as they are, without decoding again. */
    private static List<PathSegment> segmentsOf(final String value) {
        if (value == null) {
            return List.of();
        }
        return new VertxUriInfo(new RequestTarget("http", "localhost", -1, "/" + value, ""), Map.of(), () -> null, "")
                .getPathSegments(false);
    }
}
