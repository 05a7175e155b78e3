package org.jzenith.rest.internal.validation;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;

/**
 * The application's one {@link Validator} and {@link ValidatorFactory}, made when first used: a
 * default only. Dropwizard and Quarkus code often binds or provides its own; that one is injected
 * and checks resource parameters instead.
 */
public final class DefaultValidators extends AbstractModule {

    private final LazyValidation validation;

    public DefaultValidators(final LazyValidation validation) {
        this.validation = validation;
    }

    @Override
    protected void configure() {
        bind(ValidatorFactory.class).toProvider((Provider<ValidatorFactory>) validation::factory);
        // Deferred: injecting it does not start Hibernate Validator (500-odd classes); validating does.
        bind(Validator.class).toProvider((Provider<Validator>) validation::deferred);
    }
}
