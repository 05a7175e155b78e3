package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.PayloadException;

/**
 * Payload classes that declare nothing to validate are passed without asking the validator each time;
 * the ones that do, directly or through {@code @Valid} on a property, are still validated.
 */
class BeanPayloadValidatorTest {

    record Order(@NotBlank String id, @Min(0) int quantity) {}

    record Plain(String id, int quantity) {}

    record Shipment(String carrier, @Valid Order order) {}

    private final PayloadValidator validator = BeanPayloadValidator.of(Guice.createInjector());

    @AfterEach
    void close() {
        validator.close();
    }

    @Test
    void aPayloadWithConstraintsIsRefusedNamingEachViolation() {
        assertThatThrownBy(() -> validator.validate(new Order(" ", -1)))
                .isInstanceOf(PayloadException.class)
                .hasMessage(
                        "the Order is not valid: id must not be blank, quantity must be greater than or equal to 0");
        assertThatCode(() -> validator.validate(new Order("o-1", 1))).doesNotThrowAnyException();
    }

    @Test
    void aPayloadThatDeclaresNothingPassesAsItIs() {
        assertThatCode(() -> validator.validate("text")).doesNotThrowAnyException();
        assertThatCode(() -> validator.validate(new Plain(null, -1))).doesNotThrowAnyException();
    }

    @Test
    void aPropertyMarkedValidIsValidatedThroughItsHolder() {
        assertThatThrownBy(() -> validator.validate(new Shipment("post", new Order("", 2))))
                .isInstanceOf(PayloadException.class)
                .hasMessage("the Shipment is not valid: order.id must not be blank");
    }
}
