package org.jzenith.openapi.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;

/**
 * What a resource method's documentation annotations (Swagger's {@code io.swagger.v3.oas.annotations},
 * where the application has them) add to its operation.
 *
 * @param summary the operation's summary
 * @param description its description
 * @param operationId its id, which generated clients name their methods by
 * @param tags its tags (the resource class's simple name when none)
 * @param hidden whether it is left out of the document
 * @param deprecated whether it is marked deprecated
 * @param responses responses it declares, which replace the one jZenith infers for the same code
 */
record Documentation(
        Optional<String> summary,
        Optional<String> description,
        Optional<String> operationId,
        List<String> tags,
        boolean hidden,
        boolean deprecated,
        List<DocumentedResponse> responses) {

    /**
     * A response a method declares.
     *
     * @param code the status code, or {@code default}
     * @param description what it means
     * @param body the type of its body, if it has one
     * @param array whether the body is an array of {@code body}
     * @param mediaTypes the media types of its body; empty for the method's {@code @Produces}
     */
    record DocumentedResponse(
            String code, String description, Optional<Type> body, boolean array, List<String> mediaTypes) {

        DocumentedResponse {
            mediaTypes = List.copyOf(mediaTypes);
        }
    }

    private static final Documentation NONE =
            new Documentation(Optional.empty(), Optional.empty(), Optional.empty(), List.of(), false, false, List.of());

    private static final boolean SWAGGER_ANNOTATIONS = present("io.swagger.v3.oas.annotations.Operation");

    Documentation {
        tags = List.copyOf(tags);
        responses = List.copyOf(responses);
    }

    /** No documentation annotations. */
    static Documentation none() {
        return NONE;
    }

    /** What the annotations on {@code method} and its class {@code type} say. */
    static Documentation of(final Class<?> type, final Method method) {
        // The annotations are an optional dependency: their classes are touched only when present.
        return SWAGGER_ANNOTATIONS ? SwaggerAnnotations.read(type, method) : NONE;
    }

    private static boolean present(final String className) {
        try {
            Class.forName(className, false, Documentation.class.getClassLoader());
            return true;
        } catch (final ClassNotFoundException e) {
            return false;
        }
    }
}
