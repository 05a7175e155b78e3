package org.jzenith.rest.internal;

import com.google.inject.TypeLiteral;
import java.lang.reflect.Type;
import java.util.List;
import org.jzenith.rest.internal.bodies.JsonPBodies;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ParameterDefinition;

/**
 * Whether the endpoints take or return JSON-P types ({@code jakarta.json.*}), told by the types'
 * names: JSON-P and Parsson are loaded only then, so that an application without such an endpoint
 * starts and runs as before.
 */
final class JsonPTypes {

    private static final String JSON_P = "jakarta.json.";

    private JsonPTypes() {}

    // Loops, not streams: this runs in every application, which should load nothing for it.
    static boolean usedBy(final List<EndpointDefinition> endpoints) {
        for (final EndpointDefinition endpoint : endpoints) {
            if (isJsonP(endpoint.valueType())) {
                return true;
            }
            for (final ParameterDefinition parameter : endpoint.parameters()) {
                if (isJsonP(parameter.type())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isJsonP(final Type type) {
        return TypeLiteral.get(type).getRawType().getName().startsWith(JSON_P);
    }

    /** The JSON-P reader and writer; the first use of a JSON-P class. */
    static List<Object> bodies() {
        return List.of(new JsonPBodies());
    }
}
