package org.jzenith.rest.internal.binding;

import io.vertx.ext.web.FileUpload;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.EntityPart;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ParameterSource;
import org.jzenith.rest.internal.params.Binding;

/**
 * Multipart bodies as Jakarta REST's {@link EntityPart}s: {@code @FormParam("file") EntityPart},
 * {@code @FormParam("files") List<EntityPart>}, or an unannotated {@code List<EntityPart>} for every
 * part. File parts are streamed to disk by Vert.x Web while the body arrives (bounded by
 * {@code rest.max-body-size}) and deleted once the response ends; text fields are parts too. The
 * parts are listed on the event loop; their content is read on the method's thread.
 */
public final class MultipartParts {

    private MultipartParts() {}

    /** Whether {@code type} is {@code EntityPart} or {@code List<EntityPart>}. */
    public static boolean isPart(final Type type) {
        return type == EntityPart.class || isPartList(type);
    }

    /** Whether {@code endpoint} takes parts, so that its body's files must be kept. */
    public static boolean takesParts(final EndpointDefinition endpoint) {
        return endpoint.parameters().stream()
                .anyMatch(parameter ->
                        (parameter.source() == ParameterSource.FORM || parameter.source() == ParameterSource.ENTITY)
                                && isPart(parameter.type()));
    }

    /** The part or parts named {@code name}: the first for {@code EntityPart} (null when absent), all for a list. */
    static ArgumentResolver named(
            final String name, final Type type, final JsonCodec json, final MessageBodies bodies) {
        final boolean list = isPartList(type);
        return context -> {
            final List<EntityPart> parts = parts(context, json, bodies).stream()
                    .filter(part -> part.getName().equals(name))
                    .toList();
            if (list) {
                return Binding.value(parts);
            }
            return Binding.value(parts.isEmpty() ? null : parts.getFirst());
        };
    }

    /** Every part, text fields first, then files, each in the order sent. */
    static ArgumentResolver all(final JsonCodec json, final MessageBodies bodies) {
        return context -> Binding.value(parts(context, json, bodies));
    }

    private static List<EntityPart> parts(
            final RoutingContext context, final JsonCodec json, final MessageBodies bodies) {
        final List<EntityPart> parts = new ArrayList<>();
        context.request()
                .formAttributes()
                .forEach(field -> parts.add(ReceivedPart.text(field.getKey(), field.getValue(), json, bodies)));
        for (final FileUpload upload : context.fileUploads()) {
            parts.add(ReceivedPart.file(
                    upload.name(),
                    upload.fileName(),
                    upload.contentType(),
                    Path.of(upload.uploadedFileName()),
                    Map.of(
                            "Content-Disposition",
                            List.of("form-data; name=\"" + upload.name() + "\"; filename=\"" + upload.fileName()
                                    + "\"")),
                    json,
                    bodies));
        }
        return List.copyOf(parts);
    }

    private static boolean isPartList(final Type type) {
        return type instanceof ParameterizedType parameterized
                && parameterized.getRawType() == List.class
                && parameterized.getActualTypeArguments()[0] == EntityPart.class;
    }
}
