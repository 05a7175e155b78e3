package org.jzenith.rest.internal.observability;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TraceParentTest {

    @Test
    void takesTheTraceIdOfAWellFormedHeader() {
        assertThat(TraceParent.traceId("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"))
                .contains("4bf92f3577b34da6a3ce929d0e0e4736");
    }

    @Test
    void hasNoneForWhatIsNotOne() {
        assertThat(TraceParent.traceId(null)).isEmpty();
        assertThat(TraceParent.traceId("")).isEmpty();
        assertThat(TraceParent.traceId("00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01"))
                .as("upper case is not allowed")
                .isEmpty();
        assertThat(TraceParent.traceId("00-00000000000000000000000000000000-00f067aa0ba902b7-01"))
                .as("all zero is invalid")
                .isEmpty();
        assertThat(TraceParent.traceId("00-4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7-01"))
                .isEmpty();
        assertThat(TraceParent.traceId("garbage")).isEmpty();
    }
}
