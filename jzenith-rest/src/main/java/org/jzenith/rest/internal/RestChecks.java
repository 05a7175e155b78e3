package org.jzenith.rest.internal;

import java.util.Optional;
import org.jzenith.core.Validation;
import org.jzenith.rest.RestConfiguration;
import org.jzenith.rest.internal.binding.ArgumentResolvers;
import org.jzenith.rest.internal.binding.PrincipalResolvers;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.http.CorsSettings;
import org.jzenith.rest.internal.http.TlsChecks;
import org.jzenith.rest.internal.interceptors.Interceptors;
import org.jzenith.rest.internal.invoke.EndpointHandlerFactory;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.params.ParamConverters;

/**
 * What the REST plugin reports before anything starts: every resource class that cannot be read,
 * every method whose parameters cannot be bound, every mapping to a status that is not an error,
 * every provider it cannot use, and the TLS and CORS settings. Used by the application's lifecycle
 * thread.
 */
final class RestChecks {

    static final String ORIGIN = "RestPlugin.withResources";

    private RestChecks() {}

    /**
     * Reports the problems of {@code registration} to {@code validation}; returns the JSON codec the
     * endpoints were compiled with ({@code made}, or one made here), for the start to reuse.
     */
    static JsonCodec check(
            final Registration registration, final Validation validation, final Optional<JsonCodec> made) {
        registration.problems().forEach(problem -> validation.problem("Providers", "RestPlugin", problem));
        registration
                .model()
                .problems()
                .forEach(problem ->
                        validation.problem(problem.resourceClass().getSimpleName(), ORIGIN, problem.message()));
        registration.resources().forEach(resource -> ResourceLifecycle.problem(resource)
                .ifPresent(problem -> validation.problem(resource.getSimpleName(), ORIGIN, problem)));
        registration.mappings().forEach((exception, status) -> {
            if (status < 400 || status > 599) {
                validation.problem(
                        exception.getSimpleName(),
                        "RestPlugin.withMapping",
                        "maps to " + status + ", but an exception maps to an error status, 400 to 599");
            }
        });
        validation.configuration(RestConfiguration.class).ifPresent(rest -> {
            TlsChecks.check(rest.tls(), validation);
            CorsSettings.check(rest.cors(), validation);
        });
        Providers.problems(registration.providers())
                .forEach((provider, problem) ->
                        validation.problem(provider.getSimpleName(), "RestPlugin.withProviders", problem));
        // Jackson takes a while to load on a cold JVM; it is needed to start anyway, so make it here.
        final JsonCodec codec = made.orElseGet(() -> JsonCodec.create(validation
                .configuration(RestConfiguration.class)
                .map(rest -> rest.json().coerceScalars())
                .orElse(false)));
        // Converter providers are made when the server starts; until then a type one of them may
        // convert is not refused (start-up refuses it then, if none does).
        final ParamConverters converters = Providers.convertsParameters(registration.providers())
                ? ParamConverters.anyType()
                : ParamConverters.none();
        for (final EndpointDefinition endpoint : registration.model().endpoints()) {
            try {
                ArgumentResolvers.compile(
                        endpoint,
                        codec,
                        converters,
                        MessageBodies.none(),
                        Interceptors.none(),
                        PrincipalResolvers.unchecked(),
                        () -> null);
                EndpointHandlerFactory.invoker(endpoint);
            } catch (final IllegalArgumentException e) {
                validation.problem(endpoint.displayName(), ORIGIN, e.getMessage());
            }
        }
        return codec;
    }
}
