package org.jzenith.messaging.consumer;

import com.google.inject.Injector;
import com.google.inject.Key;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.jzenith.messaging.spi.PayloadException;

/**
 * Bean Validation of payloads, with the application's {@link Validator} where it binds one (the REST
 * plugin does) or a Hibernate Validator of its own. Loaded only when Bean Validation is on the
 * classpath, so that it stays optional. Thread-safe.
 */
public final class BeanPayloadValidator implements PayloadValidator {

    private final Validator validator;
    private final Optional<ValidatorFactory> own;
    /**
     * Whether a payload class declares anything to validate (a constraint, or {@code @Valid} on a
     * property), asked once a class: most payloads ({@code String}, records without constraints) declare
     * nothing, and asking the validator for each message would make its context and path objects a
     * message for an empty answer.
     */
    private final ClassValue<Boolean> constrained = new ClassValue<>() {
        @Override
        protected Boolean computeValue(final Class<?> type) {
            return validator.getConstraintsForClass(type).isBeanConstrained();
        }
    };

    private BeanPayloadValidator(final Validator validator, final Optional<ValidatorFactory> own) {
        this.validator = validator;
        this.own = own;
    }

    @Override
    public void close() {
        own.ifPresent(ValidatorFactory::close);
    }

    /** A validator for the application: Bean Validation when it has Hibernate Validator, none otherwise. */
    public static PayloadValidator of(final Injector injector) {
        if (!present("jakarta.validation.Validator")) {
            return PayloadValidator.NONE;
        }
        return Holder.make(injector);
    }

    private static boolean present(final String type) {
        try {
            Class.forName(type, false, BeanPayloadValidator.class.getClassLoader());
            return true;
        } catch (final ClassNotFoundException e) {
            return false;
        }
    }

    @Override
    public void validate(final Object payload) {
        if (!constrained.get(payload.getClass())) {
            return;
        }
        final Set<ConstraintViolation<Object>> violations = validator.validate(payload);
        if (!violations.isEmpty()) {
            throw new PayloadException("the " + payload.getClass().getSimpleName() + " is not valid: "
                    + violations.stream()
                            .sorted(Comparator.comparing(
                                    violation -> violation.getPropertyPath().toString()))
                            .map(violation -> violation.getPropertyPath() + " " + violation.getMessage())
                            .collect(Collectors.joining(", ")));
        }
    }

    /** Touches the Bean Validation types only once they are known to be there. */
    private static final class Holder {
        static PayloadValidator make(final Injector injector) {
            final com.google.inject.Binding<Validator> bound = injector.getExistingBinding(Key.get(Validator.class));
            if (bound != null) {
                return new BeanPayloadValidator(bound.getProvider().get(), Optional.empty());
            }
            if (!present("org.hibernate.validator.HibernateValidator")) {
                return PayloadValidator.NONE;
            }
            final ValidatorFactory factory = Validation.byProvider(HibernateValidator.class)
                    .configure()
                    .messageInterpolator(new ParameterMessageInterpolator())
                    .buildValidatorFactory();
            return new BeanPayloadValidator(factory.getValidator(), Optional.of(factory));
        }
    }
}
