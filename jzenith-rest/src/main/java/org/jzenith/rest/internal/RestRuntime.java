package org.jzenith.rest.internal;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import jakarta.validation.Validator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import org.jzenith.rest.RestConfiguration;
import org.jzenith.rest.internal.adapters.ReactiveAdapters;
import org.jzenith.rest.internal.binding.PrincipalResolvers;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.features.DynamicFeatures;
import org.jzenith.rest.internal.filters.ResponseFiltering;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.limits.RequestAdmission;
import org.jzenith.rest.internal.observability.RequestTracing;
import org.jzenith.rest.internal.security.Authenticating;
import org.jzenith.rest.internal.server.ResponseHeaders;

/**
 * The REST server's server-wide collaborators, made once at start-up and handed as one value to
 * the factories that build the router and the endpoint handlers, which then take what they need by
 * name instead of through a dozen and a half positional arguments (as Helidon's {@code
 * ListenerContext} does).
 *
 * <p>Immutable, and every component is thread-safe: read from any thread.
 *
 * @param vertx the Vert.x instance the server runs on
 * @param registry where the request meters go
 * @param configuration the validated {@code rest.*} settings (body size, suspend timeout, ...)
 * @param json the JSON codec, the application's ObjectMapper where it provides one
 * @param errors answers problems and the exceptions the application maps
 * @param headers the security headers added to every response
 * @param providers the application's provider instances, sorted by kind
 * @param filtering runs the response filters
 * @param dynamic the application's dynamic features
 * @param providersNeedCurrent whether some provider has per-request {@code @Context} fields
 * @param adapters the reactive types a resource method may return
 * @param validator Bean Validation, where some parameter is constrained
 * @param virtualThreads makes the threads that resource methods run on
 * @param admission the bound on requests in flight
 * @param authenticating the application's authenticators
 * @param principals reads the parameters the authenticated principal provides ({@code @Claim})
 * @param tracing the request spans, where a tracing plugin is present
 * @param uploadsDirectory where multipart file parts go, where some method takes them
 * @param first what runs before every route: access log, CORS, compression
 */
public record RestRuntime(
        Vertx vertx,
        MeterRegistry registry,
        RestConfiguration configuration,
        JsonCodec json,
        ErrorResponder errors,
        ResponseHeaders headers,
        Providers providers,
        ResponseFiltering filtering,
        DynamicFeatures dynamic,
        boolean providersNeedCurrent,
        ReactiveAdapters adapters,
        Optional<Validator> validator,
        ThreadFactory virtualThreads,
        RequestAdmission admission,
        Authenticating authenticating,
        PrincipalResolvers principals,
        RequestTracing tracing,
        Optional<String> uploadsDirectory,
        List<Handler<RoutingContext>> first) {

    public RestRuntime {
        first = List.copyOf(first);
    }
}
