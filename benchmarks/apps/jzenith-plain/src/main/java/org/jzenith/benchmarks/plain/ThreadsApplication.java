package org.jzenith.benchmarks.plain;

import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;

/**
 * The blocking endpoints of {@code benchmarks/threads.sh}: virtual threads (jZenith's default for a
 * plain method) against Vert.x's worker pool ({@code @Blocking}, 20 threads by default), with and
 * without a pool of 50 permits in the way.
 */
public final class ThreadsApplication {

    private ThreadsApplication() {}

    public static void main(final String... args) {
        JZenith.application(args).withPlugins(RestPlugin.withResources(SleepResource.class)).run();
    }
}
