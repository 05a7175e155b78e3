package org.jzenith.core.spi.execution;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.Optional;

/**
 * The execution rule: a method that returns a reactive type (a {@code CompletionStage}, a Vert.x
 * {@code Future}, a Mutiny {@code Uni}, an RxJava {@code Single}...) is called on a Vert.x event
 * loop, any other on a virtual thread, unless one of SmallRye's annotations says otherwise, on the
 * method or, failing that, on its class: {@code @NonBlocking} asks for the event loop, {@code
 * @RunOnVirtualThread} for a virtual thread, {@code @Blocking} (SmallRye Common's, or SmallRye
 * Reactive Messaging's own) for a worker. The annotations are known by name, so SmallRye need not be on
 * the class path. Used at start-up only; stateless.
 *
 * <pre>{@code
 * Execution execution = ExecutionRule.of(returnsReactiveType, method, method.getDeclaringClass());
 * }</pre>
 */
public final class ExecutionRule {

    private static final String NON_BLOCKING = "io.smallrye.common.annotation.NonBlocking";
    private static final String RUN_ON_VIRTUAL_THREAD = "io.smallrye.common.annotation.RunOnVirtualThread";
    private static final String BLOCKING = "io.smallrye.common.annotation.Blocking";
    /** SmallRye Reactive Messaging's older {@code @Blocking}, which Quarkus's messaging guide still uses. */
    private static final String MESSAGING_BLOCKING = "io.smallrye.reactive.messaging.annotations.Blocking";

    private ExecutionRule() {}

    /**
     * Where a method is called.
     *
     * @param reactive whether it returns a reactive type, whose result completes later
     * @param nearestFirst where its annotations may be, the nearest first: the method, then (say) the
     *     method it overrides, then its class; the first that carries one decides
     */
    public static Execution of(final boolean reactive, final AnnotatedElement... nearestFirst) {
        for (final AnnotatedElement element : nearestFirst) {
            final Optional<Execution> declared = declared(element);
            if (declared.isPresent()) {
                return declared.get();
            }
        }
        return reactive ? Execution.EVENT_LOOP : Execution.VIRTUAL_THREAD;
    }

    /**
     * What {@code element}'s annotations ask for, if any; {@code @NonBlocking} wins over {@code
     * @RunOnVirtualThread}, which wins over {@code @Blocking}, when it has several.
     */
    public static Optional<Execution> declared(final AnnotatedElement element) {
        boolean virtualThread = false;
        boolean blocking = false;
        for (final Annotation annotation : element.getAnnotations()) {
            switch (annotation.annotationType().getName()) {
                case NON_BLOCKING -> {
                    return Optional.of(Execution.EVENT_LOOP);
                }
                case RUN_ON_VIRTUAL_THREAD -> virtualThread = true;
                case BLOCKING, MESSAGING_BLOCKING -> blocking = true;
                default -> {}
            }
        }
        if (virtualThread) {
            return Optional.of(Execution.VIRTUAL_THREAD);
        }
        return blocking ? Optional.of(Execution.WORKER) : Optional.empty();
    }

    /** Whether {@code element} carries SmallRye's {@code @NonBlocking}. */
    public static boolean nonBlocking(final AnnotatedElement element) {
        return declared(element)
                .filter(execution -> execution == Execution.EVENT_LOOP)
                .isPresent();
    }
}
