package org.jzenith.docs.rest;

import com.google.inject.AbstractModule;
import java.sql.SQLTransientConnectionException;
import org.jzenith.core.JZenith;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.docs.rest.books.BookResource;
import org.jzenith.docs.rest.books.JsonConfiguration;
import org.jzenith.docs.rest.books.NoSuchBookMapper;
import org.jzenith.docs.rest.quotes.Eventually;
import org.jzenith.docs.rest.quotes.QuoteResource;
import org.jzenith.rest.ReactiveAdapter;
import org.jzenith.rest.RestPlugin;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md's ways of registering with RestPlugin, each in an application that starts. */
public final class RestPlugins {

    private RestPlugins() {}

    /** "Responses": a ReactiveAdapter for another library's type. */
    public static JZenith adapters(final String... args) {
        return JZenith.application(args)
                .withPlugins(
                        // tag::adapters[]
                        RestPlugin.withResources(QuoteResource.class)
                                  .withAdapters(ReactiveAdapter.one(Eventually.class, (Eventually<?> e) -> e.asStage()))
                        // end::adapters[]
                        );
    }

    /** "Errors": the application's mappings; a subclass's mapping wins. */
    public static JZenith mappings(final String... args) {
        return JZenith.application(args)
                .withPlugins(
                        // tag::mappings[]
                        RestPlugin.withResources(ThingResource.class)
                                  .withMapping(NoSuchThingException.class, 404)
                                  .withMapping(ThingGoneException.class, 410)   // a subclass: 410 wins over 404
                        // end::mappings[]
                        );
    }

    /** "Providers": registered by name like resources. */
    public static JZenith providers(final String... args) {
        return JZenith.application(args)
                .withPlugins(
                        // tag::providers[]
                        RestPlugin.withResources(BookResource.class)
                                  .withProviders(NoSuchBookMapper.class, JsonConfiguration.class)
                        // end::providers[]
                        );
    }

    /** "Errors": a plugin's module declaring what means "the store is away" (503). */
    public static final class StoreModule extends AbstractModule {
        @Override
        protected void configure() {
            // tag::unavailable[]
            ExceptionMapping.bind(binder()).toInstance(ExceptionMapping.unavailable(SQLTransientConnectionException.class));
            // end::unavailable[]
        }
    }
}
// spotless:on
