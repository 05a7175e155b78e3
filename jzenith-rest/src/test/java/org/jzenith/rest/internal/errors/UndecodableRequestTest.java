package org.jzenith.rest.internal.errors;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A folded line is told apart from other bad header names, in Vert.x's words and in Netty's. */
class UndecodableRequestTest {

    private static final String FOLDED = "A header line begins with a space or a tab: an obsolete folded line";

    @Test
    void aNameThatBeginsWithWhiteSpaceIsAFoldedLine() {
        for (final String message : new String[] {
            "a header name cannot contain some prohibited characters, such as : " + " Host",
            "a header name cannot contain some prohibited characters, such as : " + "\tHost",
            "a header name can only contain \"token\" characters, but found invalid character 0x20 at index 0 of"
                    + " header ' Host'.",
            "a header name can only contain \"token\" characters, but found invalid character 0x9 at index 0 of"
                    + " header '\tHost'."
        }) {
            final UndecodableRequest undecodable = UndecodableRequest.of(new IllegalArgumentException(message));
            assertThat(undecodable.status()).as(message).isEqualTo(400);
            assertThat(undecodable.detail()).as(message).startsWith(FOLDED);
            assertThat(undecodable.lineRead()).as(message).isTrue();
        }
    }

    @Test
    void otherBadNamesKeepTheirOwnDetail() {
        for (final String message : new String[] {
            "a header name cannot contain some prohibited characters, such as : " + "Bad Name",
            "a header name cannot contain some prohibited characters, such as : ",
            "a header name can only contain \"token\" characters, but found invalid character 0x20 at index 3 of"
                    + " header 'Bad Name'."
        }) {
            assertThat(UndecodableRequest.of(new IllegalArgumentException(message))
                            .detail())
                    .as(message)
                    .doesNotStartWith(FOLDED);
        }
    }
}
