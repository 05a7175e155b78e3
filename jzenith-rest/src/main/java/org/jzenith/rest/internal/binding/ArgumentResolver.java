package org.jzenith.rest.internal.binding;

import io.vertx.ext.web.RoutingContext;
import org.jzenith.rest.internal.params.Binding;

/**
 * Produces one argument of a resource method from the request. Compiled once per parameter at
 * start-up; never throws for bad input, which it reports as {@link Binding.Invalid}.
 *
 * <p>Immutable and thread-safe; called on the thread the method runs on.
 */
@FunctionalInterface
public interface ArgumentResolver {

    Binding resolve(RoutingContext context);
}
