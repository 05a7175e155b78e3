package org.jzenith.rest.internal.binding;

import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.context.RequestSecurity;
import org.jzenith.rest.internal.model.ParameterDefinition;
import org.jzenith.rest.internal.model.PrincipalAnnotations;
import org.jzenith.rest.internal.params.Binding;
import org.jzenith.rest.security.PrincipalParameters;

/**
 * The resolvers of parameters the authenticated principal provides ({@code @Claim}), from the
 * {@link PrincipalParameters} the plugins bound: the reader chosen once per parameter at start-up,
 * per request one call of it with the request's security context. Immutable.
 */
public final class PrincipalResolvers {

    private static final PrincipalResolvers UNCHECKED = new PrincipalResolvers(Optional.empty());

    /** The readers by annotation type name; empty before the plugins are known. */
    private final Optional<Map<String, PrincipalParameters>> readers;

    private PrincipalResolvers(final Optional<Map<String, PrincipalParameters>> readers) {
        this.readers = readers;
    }

    /** The readers {@code bound} by the plugins. */
    public static PrincipalResolvers of(final Collection<PrincipalParameters> bound) {
        final Map<String, PrincipalParameters> readers = new HashMap<>();
        for (final PrincipalParameters reader : bound) {
            readers.putIfAbsent(reader.annotation(), reader);
        }
        return new PrincipalResolvers(Optional.of(Map.copyOf(readers)));
    }

    /**
     * For the checks before the plugins' bindings exist: accepts every principal parameter, which
     * the start refuses then if no plugin reads it (as converter providers are checked).
     */
    public static PrincipalResolvers unchecked() {
        return UNCHECKED;
    }

    /**
     * The resolver of {@code parameter}, whose source is the principal.
     *
     * @throws IllegalArgumentException when no plugin reads its annotation, or the plugin cannot read its type
     */
    ArgumentResolver forParameter(final ParameterDefinition parameter) {
        if (readers.isEmpty()) {
            return context -> Binding.value(null);
        }
        final String name = parameter.name();
        final PrincipalParameters reader = readers.get().get(name);
        if (reader == null) {
            throw new IllegalArgumentException(parameter.description() + " needs the plugin that reads it: register "
                    + PrincipalAnnotations.plugin(name));
        }
        final Annotation annotation = parameter.annotations().stream()
                .filter(a -> a.annotationType().getName().equals(name))
                .findFirst()
                .orElseThrow();
        // Throws IllegalArgumentException with the reader's reason, which names the annotation.
        final PrincipalParameters.Reader read = reader.reader(annotation, parameter.type());
        return context -> Binding.value(read.read(RequestSecurity.of(context)));
    }
}
