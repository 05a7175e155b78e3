package org.jzenith.test.services;

import java.io.PrintStream;
import java.util.Optional;

/**
 * The command behind {@code scripts/services.sh}: starts a local service the way the tests do,
 * for people who want it running before a test or a benchmark.
 *
 * <pre>{@code
 * java jzenith-test/src/main/java/org/jzenith/test/services/LocalServicesCommand.java postgresql
 * java jzenith-test/src/main/java/org/jzenith/test/services/LocalServicesCommand.java status redis
 * }</pre>
 *
 * <p>It uses nothing but the JDK, so that it runs from source without a build. Exit status: 0
 * done (or running, for {@code status}); 1 failed or not running, with the reason printed; 2
 * wrong usage. There is no {@code stop}: nothing here takes a machine's service away.
 */
public final class LocalServicesCommand {

    private LocalServicesCommand() {}

    /** {@code [start|status] postgresql|mariadb|redis|rabbitmq}. */
    public static void main(final String... args) {
        System.exit(run(System.out, System.err, args));
    }

    static int run(final PrintStream out, final PrintStream err, final String... args) {
        final String action = args.length == 2 ? args[0] : "start";
        final Optional<LocalService> service =
                args.length == 1 || args.length == 2 ? LocalService.named(args[args.length - 1]) : Optional.empty();
        if (service.isEmpty() || !(action.equals("start") || action.equals("status"))) {
            err.println("usage: services.sh [start|status] postgresql|mariadb|redis|rabbitmq");
            return 2;
        }
        final LocalService chosen = service.get();
        final String where = LocalServices.HOST + ":" + chosen.port;
        if (action.equals("status")) {
            final boolean accepts = LocalServices.accepts(LocalServices.HOST, chosen.port);
            out.println(chosen.id() + (accepts ? " accepts" : " does not accept") + " connections on " + where);
            return accepts ? 0 : 1;
        }
        try {
            LocalServices.ensureRunning(chosen);
        } catch (final IllegalStateException e) {
            err.println("services.sh: " + e.getMessage());
            return 1;
        }
        out.println(chosen.id() + " runs on " + where);
        return 0;
    }
}
