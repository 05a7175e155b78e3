package org.jzenith.rest.internal.validation;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import jakarta.validation.executable.ExecutableValidator;
import jakarta.validation.metadata.BeanDescriptor;
import java.util.Set;

/**
 * A {@link Validator} that starts Hibernate Validator on its first use rather than when it is made:
 * the REST server is assembled with it, so that a service whose resources have constraints does not
 * load Hibernate Validator's 500-odd classes before its first answer, only before its first request
 * with something to validate.
 *
 * <p>Thread-safe.
 */
final class DeferredValidator implements Validator {

    private final LazyValidation validation;

    DeferredValidator(final LazyValidation validation) {
        this.validation = validation;
    }

    @Override
    public <T> Set<ConstraintViolation<T>> validate(final T object, final Class<?>... groups) {
        return validation.validator().validate(object, groups);
    }

    @Override
    public <T> Set<ConstraintViolation<T>> validateProperty(
            final T object, final String propertyName, final Class<?>... groups) {
        return validation.validator().validateProperty(object, propertyName, groups);
    }

    @Override
    public <T> Set<ConstraintViolation<T>> validateValue(
            final Class<T> beanType, final String propertyName, final Object value, final Class<?>... groups) {
        return validation.validator().validateValue(beanType, propertyName, value, groups);
    }

    @Override
    public BeanDescriptor getConstraintsForClass(final Class<?> clazz) {
        return validation.validator().getConstraintsForClass(clazz);
    }

    @Override
    public <T> T unwrap(final Class<T> type) {
        return validation.validator().unwrap(type);
    }

    @Override
    public ExecutableValidator forExecutables() {
        return validation.validator().forExecutables();
    }
}
