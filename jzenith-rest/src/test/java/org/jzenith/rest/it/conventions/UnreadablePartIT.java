package org.jzenith.rest.it.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/** A multipart part is read as an object only in a type something reads; otherwise the client hears which part. */
class UnreadablePartIT {

    private static final String BOUNDARY = "conventions-boundary";
    private static Served served;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(AvatarResource.class).withProviders(ProfileCsvReader.class));
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aJsonPartIsReadAsTheObject() throws Exception {
        final HttpResponse<String> response = post("application/json", "{\"name\":\"Ada\",\"age\":36}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("Ada is 36");
    }

    @Test
    void aPartOfTheTypeOfAnApplicationsReaderIsReadByIt() throws Exception {
        final HttpResponse<String> response = post("text/csv", "Grace,85");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("Grace is 85");
    }

    @Test
    void aPartOfATypeNothingReadsIsA415NamingThePart() throws Exception {
        final HttpResponse<String> response = post("image/png", "\u0089PNG");

        assertThat(response.statusCode()).isEqualTo(415);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(response.body())
                .contains("The part \\\"profile\\\" is image/png")
                .contains("application/json")
                .doesNotContain("Profile")
                .doesNotContain("Exception");
    }

    @Test
    void aJsonPartThatDoesNotParseIsA400NamingThePart() throws Exception {
        final HttpResponse<String> response = post("application/json", "{\"name\":");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("The part \\\"profile\\\"").doesNotContain("Exception");
    }

    private static HttpResponse<String> post(final String partType, final String content) throws Exception {
        final String body = "--" + BOUNDARY + "\r\n"
                + "Content-Disposition: form-data; name=\"profile\"; filename=\"profile\"\r\n"
                + "Content-Type: " + partType + "\r\n\r\n"
                + content + "\r\n--" + BOUNDARY + "--\r\n";
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.port() + "/profiles"))
                                .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }
}
