package org.jzenith.maven;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemorySizeTest {

    @Test
    void sizesAreMebibytesOrCarryAUnit() {
        assertThat(MemorySize.mebibytes("192")).contains(192);
        assertThat(MemorySize.mebibytes("128m")).contains(128);
        assertThat(MemorySize.mebibytes(" 1G ")).contains(1024);
        assertThat(MemorySize.mebibytes("262144k")).contains(256);
        assertThat(MemorySize.mebibytes("0")).contains(0);
    }

    @Test
    void anythingElseIsNoSize() {
        assertThat(MemorySize.mebibytes("")).isEmpty();
        assertThat(MemorySize.mebibytes("128 MiB")).isEmpty();
        assertThat(MemorySize.mebibytes("-1m")).isEmpty();
        assertThat(MemorySize.mebibytes("lots")).isEmpty();
    }
}
