package org.jzenith.core.spi.execution;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/** The one execution rule: the return type decides, SmallRye's annotations override, the method's before its class's. */
class ExecutionRuleTest {

    static class Plain {
        void none() {}

        @NonBlocking
        void nonBlocking() {}

        @RunOnVirtualThread
        void virtual() {}

        @Blocking
        void blocking() {}

        @NonBlocking
        @Blocking
        void both() {}

        @RunOnVirtualThread
        @Blocking
        void virtualAndBlocking() {}
    }

    @NonBlocking
    static class OnTheLoop {
        void none() {}

        @Blocking
        void blocking() {}
    }

    private static Method method(final Class<?> type, final String name) throws NoSuchMethodException {
        return type.getDeclaredMethod(name);
    }

    @Test
    void theReturnTypeDecidesWithoutAnAnnotation() throws Exception {
        assertThat(ExecutionRule.of(false, method(Plain.class, "none"), Plain.class))
                .isEqualTo(Execution.VIRTUAL_THREAD);
        assertThat(ExecutionRule.of(true, method(Plain.class, "none"), Plain.class))
                .isEqualTo(Execution.EVENT_LOOP);
    }

    @Test
    void smallRyesAnnotationsOverrideTheReturnType() throws Exception {
        assertThat(ExecutionRule.of(false, method(Plain.class, "nonBlocking"))).isEqualTo(Execution.EVENT_LOOP);
        assertThat(ExecutionRule.of(true, method(Plain.class, "virtual"))).isEqualTo(Execution.VIRTUAL_THREAD);
        assertThat(ExecutionRule.of(true, method(Plain.class, "blocking"))).isEqualTo(Execution.WORKER);
    }

    @Test
    void nonBlockingWinsOverRunOnVirtualThreadWhichWinsOverBlocking() throws Exception {
        assertThat(ExecutionRule.of(false, method(Plain.class, "both"))).isEqualTo(Execution.EVENT_LOOP);
        assertThat(ExecutionRule.of(true, method(Plain.class, "virtualAndBlocking")))
                .isEqualTo(Execution.VIRTUAL_THREAD);
    }

    @Test
    void theMethodsAnnotationWinsOverItsClasss() throws Exception {
        assertThat(ExecutionRule.of(false, method(OnTheLoop.class, "none"), OnTheLoop.class))
                .isEqualTo(Execution.EVENT_LOOP);
        assertThat(ExecutionRule.of(false, method(OnTheLoop.class, "blocking"), OnTheLoop.class))
                .isEqualTo(Execution.WORKER);
    }
}
