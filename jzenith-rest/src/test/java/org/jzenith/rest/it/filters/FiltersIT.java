package org.jzenith.rest.it.filters;

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

/** Jakarta REST request and response filters, registered as existing applications register them. */
class FiltersIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(
                RestPlugin.withResources(FilteredResource.class, GuardedResource.class, OpenGuardedResource.class)
                        .withProviders(
                                ApiKeyFilter.class,
                                SecurityHeadersFilter.class,
                                TraceHeaderFilter.class,
                                AuditFilter.class,
                                MethodOverrideFilter.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void requestFiltersRunByPriorityAndWhatTheySetReachesAMethodOnAVirtualThread() {
        final HttpResponse<String> response = http.get("/me", "X-Api-Key", "admin");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body())
                .contains("\"name\":\"holder of admin\"")
                .contains("\"admin\":true")
                .contains("\"scheme\":\"API-Key\"")
                .contains("\"trace\":\"trace-GET\"");
        assertThat(response.headers().firstValue("X-Order")).contains("trace,key");
        assertThat(response.headers().firstValue("X-Frame-Options")).contains("DENY");
    }

    @Test
    void aFilterThatAbortsAnswersWithItsResponseAndResponseFiltersStillRun() {
        final HttpResponse<String> response = http.get("/me");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).isEqualTo("{\"error\":\"an API key is needed\"}");
        assertThat(response.headers().firstValue("X-Frame-Options")).contains("DENY");
    }

    @Test
    void withoutAFilterThatSetsOneTheSecurityContextIsAnonymous() {
        assertThat(http.get("/open/anonymous").body()).isEqualTo("{\"principal\":\"null\"}");
    }

    @Test
    void aNameBoundFilterRunsOnlyForTheMethodsThatCarryItsAnnotationAndMayReplaceTheEntity() {
        final HttpResponse<String> audited = http.get("/audited", "X-Api-Key", "k");
        assertThat(audited.body()).isEqualTo("{\"data\":{\"value\":\"kept\"}}");
        assertThat(audited.headers().firstValue("X-Audited")).contains("200");

        final HttpResponse<String> other = http.get("/me", "X-Api-Key", "k");
        assertThat(other.headers().firstValue("X-Audited")).isEmpty();
    }

    @Test
    void responseFiltersSeeErrorResponsesToo() {
        final HttpResponse<String> failed = http.get("/audited/failure", "X-Api-Key", "k");
        assertThat(failed.statusCode()).isEqualTo(500);
        assertThat(failed.headers().firstValue("X-Audited")).contains("500");
        assertThat(failed.headers().firstValue("Content-Type")).contains("application/problem+json");

        final HttpResponse<String> unmatched = http.get("/open/nowhere");
        assertThat(unmatched.statusCode()).isEqualTo(404);
        assertThat(unmatched.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(unmatched.headers().firstValue("X-Audited")).isEmpty();
    }

    @Test
    void aFailingFilterIsA500WithoutItsMessage() {
        final HttpResponse<String> response = http.get("/me", "X-Api-Key", "k", "X-Break", "fail");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).contains("request id").doesNotContain("trace filter");
    }

    @Test
    void aPreMatchingFilterCanChangeTheMethodBeforeTheRequestIsRouted() {
        final HttpResponse<String> response =
                http.send("POST", "/audited", "", "X-Api-Key", "k", "X-HTTP-Method-Override", "PUT");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("\"put\"");
    }

    @Test
    void aStreamedResponseGetsTheHeadersOfResponseFilters() {
        final HttpResponse<String> response = http.get("/stream", "X-Api-Key", "k");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("[1,2,3]");
        assertThat(response.headers().firstValue("X-Frame-Options")).contains("DENY");
    }

    @Test
    void securityAnnotationsAreCheckedAgainstTheSecurityContextAFilterSet() {
        assertThat(http.get("/guarded/admin", "X-Api-Key", "admin").body()).isEqualTo("admin only");
        assertThat(http.get("/guarded/admin", "X-Api-Key", "editor").statusCode())
                .isEqualTo(403);
        assertThat(http.get("/guarded/edit", "X-Api-Key", "editor").body()).isEqualTo("editors too");
        assertThat(http.get("/guarded/everyone", "X-Api-Key", "nobody").body()).isEqualTo("anyone with a key");

        final HttpResponse<String> denied = http.get("/guarded/never", "X-Api-Key", "admin");
        assertThat(denied.statusCode()).isEqualTo(403);
        assertThat(denied.body()).contains("No one may use this resource");

        final HttpResponse<String> anonymous = http.get("/open/guarded");
        assertThat(anonymous.statusCode()).isEqualTo(403);
        assertThat(anonymous.body()).contains("needs an authenticated user");
        assertThat(anonymous.headers().firstValue("X-Frame-Options")).contains("DENY");
    }

    @Test
    void aPreMatchingFilterBoundByNameFailsStartUp() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(FilteredResource.class).withProviders(BindsAndPreMatches.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("BindsAndPreMatches (RestPlugin.withProviders): is @PreMatching and bound by"
                        + " name to resource methods");
    }
}
