package org.jzenith.openapi.internal;

import io.swagger.v3.oas.annotations.Hidden;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads Swagger's annotations ({@code io.swagger.core.v3:swagger-annotations}, an optional
 * dependency): {@code @Operation} (summary, description, operationId, tags, hidden, deprecated,
 * responses), {@code @ApiResponse} on the method, {@code @Tag} on the method or class and {@code
 * @Hidden}. Loaded only when the annotations are on the class path.
 */
final class SwaggerAnnotations {

    private SwaggerAnnotations() {}

    static Documentation read(final Class<?> type, final Method method) {
        final Optional<Operation> operation = Optional.ofNullable(method.getAnnotation(Operation.class));
        final Set<String> tags = new LinkedHashSet<>();
        operation.ifPresent(o -> tags.addAll(List.of(o.tags())));
        Arrays.stream(method.getAnnotationsByType(Tag.class)).map(Tag::name).forEach(tags::add);
        if (tags.isEmpty()) {
            Arrays.stream(type.getAnnotationsByType(Tag.class)).map(Tag::name).forEach(tags::add);
        }
        final List<Documentation.DocumentedResponse> responses = new ArrayList<>();
        operation.ifPresent(o ->
                Arrays.stream(o.responses()).map(SwaggerAnnotations::response).forEach(responses::add));
        Arrays.stream(method.getAnnotationsByType(ApiResponse.class))
                .map(SwaggerAnnotations::response)
                .forEach(responses::add);
        return new Documentation(
                operation.map(Operation::summary).filter(s -> !s.isBlank()),
                operation.map(Operation::description).filter(s -> !s.isBlank()),
                operation.map(Operation::operationId).filter(s -> !s.isBlank()),
                List.copyOf(tags),
                operation.map(Operation::hidden).orElse(false)
                        || method.isAnnotationPresent(Hidden.class)
                        || type.isAnnotationPresent(Hidden.class),
                operation.map(Operation::deprecated).orElse(false) || method.isAnnotationPresent(Deprecated.class),
                responses);
    }

    private static Documentation.DocumentedResponse response(final ApiResponse response) {
        Optional<Type> body = Optional.empty();
        boolean array = false;
        final List<String> mediaTypes = new ArrayList<>();
        for (final Content content : response.content()) {
            if (!content.mediaType().isBlank()) {
                mediaTypes.add(content.mediaType());
            }
            if (implemented(content.schema())) {
                body = Optional.of(content.schema().implementation());
            } else if (implemented(content.array().schema())) {
                body = Optional.of(content.array().schema().implementation());
                array = true;
            }
        }
        return new Documentation.DocumentedResponse(
                response.responseCode().isBlank() ? "default" : response.responseCode(),
                response.description(),
                body,
                array,
                mediaTypes);
    }

    private static boolean implemented(final Schema schema) {
        return schema.implementation() != Void.class;
    }
}
