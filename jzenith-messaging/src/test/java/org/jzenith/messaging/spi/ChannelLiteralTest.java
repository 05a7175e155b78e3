package org.jzenith.messaging.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.eclipse.microprofile.reactive.messaging.Channel;
import org.junit.jupiter.api.Test;

class ChannelLiteralTest {

    @Channel("orders")
    private final Object annotated = new Object();

    @Test
    void equalsTheAnnotationWrittenInCode() throws NoSuchFieldException {
        final Channel written =
                ChannelLiteralTest.class.getDeclaredField("annotated").getAnnotation(Channel.class);

        assertThat(new ChannelLiteral("orders")).isEqualTo(written).hasSameHashCodeAs(written);
        assertThat(written).isEqualTo(new ChannelLiteral("orders"));
        assertThat(new ChannelLiteral("other")).isNotEqualTo(written);
    }
}
