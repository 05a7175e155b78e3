package org.jzenith.core;

import io.vertx.core.Future;

/** Started as its own process by {@link ShutdownSignalIT}: prints READY, then waits for a signal. */
public final class SignalledApplication {

    private SignalledApplication() {}

    public static void main(final String... args) {
        JZenith.application(args)
                .withPlugins(new Plugin() {
                    @Override
                    public String name() {
                        return "signalled";
                    }

                    @Override
                    public Future<Void> stop(final PluginContext context) {
                        // Finishes after a moment, as in-flight work would.
                        return context.vertx().timer(200).map(ignored -> {
                            System.out.println("PLUGIN STOPPED");
                            return null;
                        });
                    }
                })
                .run();
        System.out.println("READY");
    }
}
