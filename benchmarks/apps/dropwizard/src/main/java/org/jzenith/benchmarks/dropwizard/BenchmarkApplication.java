package org.jzenith.benchmarks.dropwizard;

import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.jdbi3.JdbiFactory;
import io.dropwizard.views.common.ViewBundle;
import org.jdbi.v3.core.Jdbi;

/**
 * The TechEmpower test types on Dropwizard: a Jersey resource, JDBI 3 on Dropwizard's managed
 * DataSource, a Mustache view for the fortunes.
 *
 * <p>Usage: {@code java -jar dropwizard-benchmark.jar server config.yml}.
 */
public final class BenchmarkApplication extends Application<BenchmarkConfiguration> {

    public static void main(final String... args) throws Exception {
        new BenchmarkApplication().run(args);
    }

    @Override
    public String getName() {
        return "dropwizard-benchmark";
    }

    @Override
    public void initialize(final Bootstrap<BenchmarkConfiguration> bootstrap) {
        bootstrap.setConfigurationSourceProvider(new SubstitutingSourceProvider(
                bootstrap.getConfigurationSourceProvider(), new EnvironmentVariableSubstitutor(false)));
        bootstrap.addBundle(new ViewBundle<>());
    }

    @Override
    public void run(final BenchmarkConfiguration configuration, final Environment environment) {
        final Jdbi jdbi = new JdbiFactory().build(environment, configuration.getDatabase(), "postgresql");
        environment.jersey().register(new BenchmarkResource(jdbi));
    }
}
