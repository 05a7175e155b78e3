package org.jzenith.rest.it.answers;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A constraint whose validator fails, as a buggy custom validator would. */
@Constraint(validatedBy = Checked.Validator.class)
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
public @interface Checked {

    String message() default "is checked";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    final class Validator implements ConstraintValidator<Checked, String> {

        @Override
        public boolean isValid(final String value, final ConstraintValidatorContext context) {
            throw new IllegalStateException("a validator bug");
        }
    }
}
