package org.jzenith.rest.spi;

import java.util.List;
import java.util.Set;

/**
 * The endpoints the REST plugin serves, as it read them from the resource classes at start-up, for
 * a plugin that describes the API (the OpenAPI document). Bound by the REST plugin; inject it:
 *
 * <pre>{@code
 * final class EndpointCount implements RouteContributor {
 *     @Inject
 *     EndpointCount(final ResourceEndpoints served) { this.count = served.endpoints().size(); }
 *     ...
 * }
 * }</pre>
 *
 * <p>Immutable, so thread-safe.
 *
 * @param endpoints every resource method served, in the order the resources were named
 * @param mappedStatuses the statuses {@code RestPlugin.withMapping} maps exceptions to
 */
public record ResourceEndpoints(List<Endpoint> endpoints, Set<Integer> mappedStatuses) {

    public ResourceEndpoints {
        endpoints = List.copyOf(endpoints);
        mappedStatuses = Set.copyOf(mappedStatuses);
    }
}
