package org.jzenith.docs.readme;

import com.google.inject.AbstractModule;
import org.jzenith.core.health.HealthCheck;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/observability.md, "Health and metrics": contributing a health check from a Guice module. */
public final class HealthModule extends AbstractModule {

    @Override
    protected void configure() {
        // tag::bind[]
        HealthCheck.bind(binder()).to(DatabaseHealthCheck.class);
        // end::bind[]
    }
}
// spotless:on
