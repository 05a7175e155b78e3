package org.jzenith.rest.internal;

import org.jzenith.rest.internal.adapters.ReactiveAdapters;
import org.jzenith.rest.internal.features.DynamicFeatures;
import org.jzenith.rest.internal.filters.ResponseFiltering;

/**
 * What the application plugs into its endpoints' request path: its providers (body readers and
 * writers, filters, parameter converters, interceptors), the response filters' runner, its dynamic
 * features and the reactive types its methods may return. Made once at start-up by {@link
 * RestAssembly}, read by the endpoint handlers' factory. Immutable; every component is thread-safe.
 *
 * @param providers the application's provider instances, sorted by kind
 * @param filtering runs the response filters
 * @param dynamic the application's dynamic features
 * @param providersNeedCurrent whether some provider has per-request {@code @Context} fields
 * @param adapters the reactive types a resource method may return
 */
public record RestExtensions(
        Providers providers,
        ResponseFiltering filtering,
        DynamicFeatures dynamic,
        boolean providersNeedCurrent,
        ReactiveAdapters adapters) {}
