package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryBudgetTest {

    @Test
    void aSmallHeapGetsSmallFetchesBuffersAndInFlightBytes() {
        final MemoryBudget budget = new MemoryBudget(32L << 20);
        assertThat(budget.fetchMaxBytes()).isEqualTo(2 << 20);
        assertThat(budget.partitionFetchBytes()).isEqualTo(512 << 10);
        assertThat(budget.producerBufferBytes()).isEqualTo(2L << 20);
        assertThat(budget.inFlightBytes()).isEqualTo(2L << 20);
    }

    @Test
    void aLargeHeapGetsKafkasOwnDefaultsAtMost() {
        final MemoryBudget budget = new MemoryBudget(8L << 30);
        assertThat(budget.fetchMaxBytes()).isEqualTo(50 << 20);
        assertThat(budget.partitionFetchBytes()).isEqualTo(1 << 20);
        assertThat(budget.producerBufferBytes()).isEqualTo(32L << 20);
        assertThat(budget.inFlightBytes()).isEqualTo(64L << 20);
    }

    @Test
    void aTinyHeapStillFetchesAndBuffers() {
        final MemoryBudget budget = new MemoryBudget(4L << 20);
        assertThat(budget.fetchMaxBytes()).isEqualTo(256 << 10);
        assertThat(budget.partitionFetchBytes()).isEqualTo(64 << 10);
        assertThat(budget.producerBufferBytes()).isEqualTo(1L << 20);
        assertThat(budget.inFlightBytes()).isEqualTo(1L << 20);
    }
}
