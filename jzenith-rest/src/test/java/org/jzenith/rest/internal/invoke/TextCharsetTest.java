package org.jzenith.rest.internal.invoke;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextCharsetTest {

    @Test
    void noCharsetUtf8AndAsciiAreRead() {
        assertThat(TextCharset.unreadable("application/json")).isEmpty();
        assertThat(TextCharset.unreadable("application/json; charset=UTF-8")).isEmpty();
        assertThat(TextCharset.unreadable("application/json;charset=\"utf-8\"")).isEmpty();
        assertThat(TextCharset.unreadable("text/plain; format=flowed; charset=us-ascii"))
                .isEmpty();
        assertThat(TextCharset.unreadable("application/x-www-form-urlencoded; boundary=x"))
                .isEmpty();
    }

    @Test
    void anyOtherCharsetIsNamed() {
        assertThat(TextCharset.unreadable("application/json; charset=klingon")).contains("klingon");
        assertThat(TextCharset.unreadable("text/plain;charset=ISO-8859-1; format=fixed"))
                .contains("iso-8859-1");
        assertThat(TextCharset.unreadable("application/json; charset=utf-16")).contains("utf-16");
        assertThat(TextCharset.unreadable("application/json; charset=")).contains("");
    }
}
