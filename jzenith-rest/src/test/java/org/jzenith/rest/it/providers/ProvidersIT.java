package org.jzenith.rest.it.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** Jakarta REST providers registered as existing applications register them. */
class ProvidersIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(BookResource.class)
                .withProviders(NoSuchBookMapper.class, IllegalArgumentMapper.class, SnakeCaseJson.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void anExceptionMapperAnswersWithItsResponseAndCanInjectServices() {
        final HttpResponse<String> response = http.get("/books/missing");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("X-Catalogue")).contains("the library");
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(response.body()).isEqualTo("{\"error\":\"There is no book missing\"}");
    }

    @Test
    void theMapperOfTheNearestSuperclassAnswersAndAFailingMapperIsA500() {
        assertThat(http.get("/books/bad").statusCode()).isEqualTo(422);
        assertThat(http.get("/books/bad").body()).isEqualTo("\"not a number\"");

        final HttpResponse<String> buggy = http.get("/books/buggy");
        assertThat(buggy.statusCode()).isEqualTo(500);
        assertThat(buggy.body()).doesNotContain("mapper");
    }

    @Test
    void theApplicationsObjectMapperWritesTheBodies() {
        assertThat(http.get("/books/known").body()).isEqualTo("{\"id\":\"known\",\"first_author\":\"Ada Lovelace\"}");
    }

    @Test
    void problemsKeepTheirDocumentedShapeWhateverTheApplicationsMapperNames() {
        final HttpResponse<String> failed = http.get("/books/buggy");

        assertThat(failed.statusCode()).isEqualTo(500);
        assertThat(failed.body()).contains("\"requestId\":").doesNotContain("request_id");
    }

    @Test
    void aProviderOfAKindJZenithDoesNotRunFailsStartUpNamingIt() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(BookResource.class).withProviders(NotAProvider.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("NotAProvider (RestPlugin.withProviders): is named in"
                        + " RestPlugin.withProviders(...) but is not a provider jZenith can use; jZenith supports"
                        + " ExceptionMapper, ContextResolver<ObjectMapper>, ContainerRequestFilter, ContainerResponseFilter,"
                        + " ParamConverterProvider, MessageBodyReader, MessageBodyWriter, ReaderInterceptor,"
                        + " WriterInterceptor, Feature and DynamicFeature providers");
    }

    @Test
    void twoMappersForOneTypeFailStartUpNamingBoth() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(BookResource.class)
                        .withProviders(NoSuchBookMapper.class, SecondNoSuchBookMapper.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("SecondNoSuchBookMapper (RestPlugin.withProviders): maps NoSuchBookException,"
                        + " as NoSuchBookMapper does already; register one of them");
    }

    @Test
    void aProvidersPerRequestContextFieldsAnswerForTheRequestBeingServed() {
        final Served withFields =
                Served.start(RestPlugin.withResources(BookResource.class).withProviders(ResourceInfoFilter.class));
        try {
            final HttpResponse<String> matched = withFields.http().get("/books/known");
            assertThat(matched.headers().firstValue("X-Method")).contains("get");
            assertThat(matched.headers().firstValue("X-Path")).contains("books/known");

            final HttpResponse<String> unmatched = withFields.http().get("/nowhere");
            assertThat(unmatched.statusCode()).isEqualTo(404);
            assertThat(unmatched.headers().firstValue("X-Method")).contains("none");
        } finally {
            withFields.close();
        }
    }

    @Test
    void aContextFieldOfATypeNoFieldCanHoldFailsStartUp() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(BookResource.class).withProviders(ProvidersFieldFilter.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("ProvidersFieldFilter (RestPlugin.withProviders): has the field providers with"
                        + " @Context Providers, a type jZenith does not put into fields");
    }
}
