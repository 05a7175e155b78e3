import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Provider;
import com.google.inject.Scopes;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.jzenith.rest.internal.context.ContextFields;

/**
 * What one request pays for a root resource made per request (Jakarta REST's default since jZenith
 * follows it) against one object for all: the nanoseconds and bytes of getting the resource object
 * as jZenith's invoker gets it, a cached object for a singleton, Guice's provider (constructor
 * injection of a singleton service, an @Context field filled by jZenith's listener) per request
 * otherwise. Rounds alternate; medians are printed. Run by benchmarks/lifecycle.sh.
 */
public final class ResourceLifecycle {

    /** A service the resource needs, one for the application. */
    public static final class Greeter {
        String greet(final String name) {
            return "Hello, " + name;
        }
    }

    /** A resource as the examples write them: one injected service, one @Context field. */
    public static final class GreetingResource {
        private final Greeter greeter;

        @Context
        UriInfo uri;

        @Inject
        public GreetingResource(final Greeter greeter) {
            this.greeter = greeter;
        }

        String get() {
            return greeter.greet("x");
        }
    }

    static volatile Object sink;

    public static void main(final String... args) {
        final int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        final int perRound = args.length > 1 ? Integer.parseInt(args[1]) : 2_000_000;
        final Injector injector = Guice.createInjector(new AbstractModule() {
            @Override
            protected void configure() {
                bind(Greeter.class).in(Scopes.SINGLETON);
                bind(GreetingResource.class).in(Scopes.NO_SCOPE);
                bindListener(
                        com.google.inject.matcher.Matchers.any(),
                        new ContextFields(() -> null, () -> null));
            }
        });
        final Provider<GreetingResource> perRequest = injector.getProvider(GreetingResource.class);
        final GreetingResource one = perRequest.get();
        final Provider<GreetingResource> singleton = () -> one;
        final double[][] nanos = new double[2][rounds];
        final double[][] bytes = new double[2][rounds];
        run(singleton, perRound); // warm-up
        run(perRequest, perRound);
        for (int round = 0; round < rounds; round++) {
            measure(singleton, perRound, nanos[0], bytes[0], round);
            measure(perRequest, perRound, nanos[1], bytes[1], round);
        }
        System.out.printf("rounds=%d requests-per-round=%d java=%s%n", rounds, perRound, Runtime.version());
        System.out.printf("singleton:   %6.1f ns/request %6.1f B/request (median)%n", median(nanos[0]), median(bytes[0]));
        System.out.printf("per request: %6.1f ns/request %6.1f B/request (median)%n", median(nanos[1]), median(bytes[1]));
        System.out.printf("per-request rounds ns: %s%n", Arrays.toString(nanos[1]));
    }

    private static void measure(
            final Provider<GreetingResource> resource,
            final int count,
            final double[] nanos,
            final double[] bytes,
            final int round) {
        final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long id = Thread.currentThread().threadId();
        final long allocatedBefore = threads.getThreadAllocatedBytes(id);
        final long start = System.nanoTime();
        run(resource, count);
        nanos[round] = (System.nanoTime() - start) / (double) count;
        bytes[round] = (threads.getThreadAllocatedBytes(id) - allocatedBefore) / (double) count;
    }

    private static void run(final Provider<GreetingResource> resource, final int count) {
        for (int i = 0; i < count; i++) {
            sink = resource.get().get();
        }
    }

    private static double median(final double[] values) {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
