package org.jzenith.rest.internal.model;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parameter annotations whose values the authenticated principal provides, recognised by their
 * type's name so that jZenith's REST plugin needs no MicroProfile JWT API: such a parameter is read
 * by the {@code PrincipalParameters} a plugin binds for the annotation, never as the request body.
 */
public final class PrincipalAnnotations {

    /** Dropwizard's {@code @Auth}: the parameter is the request's user. */
    public static final String DROPWIZARD_AUTH = "io.dropwizard.auth.Auth";

    /** Each annotation type's name, and the plugin that reads it (for the message when none does). */
    private static final Map<String, String> PLUGINS = Map.of(
            "org.eclipse.microprofile.jwt.Claim",
            "JwtPlugin (jzenith-jwt): .withPlugins(JwtPlugin.create())",
            // Read by the REST plugin itself (DropwizardAuth): the user of any Authenticator.
            DROPWIZARD_AUTH,
            "RestPlugin");

    private PrincipalAnnotations() {}

    /** The principal's parameter {@code annotation} declares, when it is one. */
    static Optional<ParameterDefinition> definition(
            final Annotation annotation,
            final Type type,
            final Optional<String> defaultValue,
            final List<Annotation> annotations) {
        final String name = annotation.annotationType().getName();
        return PLUGINS.containsKey(name)
                ? Optional.of(new ParameterDefinition(ParameterSource.PRINCIPAL, name, type, defaultValue, annotations))
                : Optional.empty();
    }

    /** The plugin to register for the annotation type {@code name}. */
    public static String plugin(final String name) {
        return PLUGINS.getOrDefault(name, "the plugin that reads @" + name);
    }
}
