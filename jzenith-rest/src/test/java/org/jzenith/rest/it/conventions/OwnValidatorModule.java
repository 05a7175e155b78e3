package org.jzenith.rest.it.conventions;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import jakarta.validation.MessageInterpolator;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.util.Locale;
import org.hibernate.validator.HibernateValidator;

/** Provides the application's own Validator, as Dropwizard and Quarkus code often does: its messages are its own. */
public final class OwnValidatorModule extends AbstractModule {

    @Provides
    @Singleton
    Validator validator() {
        return Validation.byProvider(HibernateValidator.class)
                .configure()
                .messageInterpolator(new Prefixed())
                .buildValidatorFactory()
                .getValidator();
    }

    /** Says whose validator answered. */
    private static final class Prefixed implements MessageInterpolator {

        @Override
        public String interpolate(final String template, final Context context) {
            return "checked by the application's validator";
        }

        @Override
        public String interpolate(final String template, final Context context, final Locale locale) {
            return interpolate(template, context);
        }
    }
}
