package org.jzenith.rest.internal.validation;

import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * The application's one Hibernate Validator, made on first use: it takes a few hundred milliseconds
 * to start on a cold JVM, which a service that validates nothing should not pay. Resources'
 * parameters, injected {@code Validator}s and validated service methods all use it.
 *
 * <p>Thread-safe.
 */
public final class LazyValidation {

    private final Object lock = new Object();
    private volatile ValidatorFactory factory; // made on first use, closed by close()

    public ValidatorFactory factory() {
        ValidatorFactory made = factory;
        if (made == null) {
            synchronized (lock) {
                made = factory;
                if (made == null) {
                    made = Validation.byProvider(HibernateValidator.class)
                            .configure()
                            .messageInterpolator(new ParameterMessageInterpolator())
                            .buildValidatorFactory();
                    factory = made;
                }
            }
        }
        return made;
    }

    public Validator validator() {
        return factory().getValidator();
    }

    /** A validator that makes the factory when it is first used, not now. */
    public Validator deferred() {
        return new DeferredValidator(this);
    }

    /** Closes the factory if it was made; a later use makes a new one. */
    public void close() {
        synchronized (lock) {
            if (factory != null) {
                factory.close();
                factory = null;
            }
        }
    }
}
