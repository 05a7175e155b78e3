package org.jzenith.rest.internal.model;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jzenith.core.spi.execution.Execution;

/**
 * A sub-resource locator declared to return {@code Object} or {@code Class<?>}: what it locates is
 * known only when a request calls it, so its routes are built then, once per located class.
 *
 * @param resourceClass the resource class the way starts from
 * @param path the locator's full path template, under which the located class's paths are
 * @param locators the locators called, in order, ending with this one
 */
public record DynamicLocator(Class<?> resourceClass, PathTemplate path, List<Locator> locators) {

    /** Where the endpoints of a located class find the object the locator returned for this request. */
    public static final String LOCATED = "jzenith.located";

    public DynamicLocator {
        locators = List.copyOf(locators);
    }

    /** The locator method itself. */
    public Method method() {
        return locators.getLast().method();
    }

    /** The request paths this locator may answer, its own and those below it; its variables are groups p0, p1... */
    public Pattern prefix() {
        return Pattern.compile(path.regex() + "(?:/.*)?");
    }

    /** The way to the locator as an endpoint definition, so that its parameters bind as any locator's. */
    public EndpointDefinition asEndpoint() {
        return new EndpointDefinition(
                resourceClass,
                method(),
                "GET",
                path,
                List.of(MediaType.APPLICATION_JSON_TYPE),
                List.of(),
                List.of(),
                ReturnKind.VALUE,
                Object.class,
                Execution.VIRTUAL_THREAD,
                locators,
                true);
    }

    /**
     * The last step on the way to a located class's methods: it hands over what the locator returned
     * for this request (the routing context's {@link #LOCATED}) instead of calling the locator again.
     */
    public static Locator handOver() {
        return new Locator(
                Located.METHOD,
                List.of(new ParameterDefinition(
                        ParameterSource.CONTEXT, "", Object.class, Optional.empty(), List.of())));
    }

    /** Holds the method {@link #handOver()} names; its calls are made by a handle of the same shape. */
    public static final class Located {

        static final Method METHOD;

        static {
            try {
                METHOD = Located.class.getMethod("located", RoutingContext.class);
            } catch (final NoSuchMethodException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private Located() {}

        /** Whether {@code method} is the hand-over step. */
        public static boolean isHandOver(final Method method) {
            return method.equals(METHOD);
        }

        /** What the locator returned for the request of {@code routing}. */
        public static Object located(final RoutingContext routing) {
            return routing.get(LOCATED);
        }
    }
}
