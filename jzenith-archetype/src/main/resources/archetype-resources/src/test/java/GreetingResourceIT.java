package ${package};

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestClient;
import org.jzenith.test.TestResponse;

/** The service started on a free port by {@link JZenithExtension}, once for the class. */
class GreetingResourceIT {

    @RegisterExtension
    static final JZenithExtension APP =
            JZenithExtension.of(Application::application).withConfiguration("greeting.salutation", "Hi");

    @Test
    void greetsByNameWithTheConfiguredSalutation(final TestClient client) {
        final TestResponse response = client.get("/hello?name=Ada");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("message").asText()).isEqualTo("Hi, Ada!");
    }

    @Test
    void greetsTheWorldWithoutAName(final TestClient client) {
        assertThat(client.get("/hello").json().get("message").asText()).isEqualTo("Hi, World!");
    }

    @Test
    void aNameTooLongIsABadRequest(final TestClient client) {
        final TestResponse response = client.get("/hello?name=" + "x".repeat(101));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).contains("\"field\":\"name\"");
    }

    @Test
    void describesItsApiInOpenApi(final TestClient client) {
        final TestResponse response = client.get("/openapi.json");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().at("/paths/~1hello/get").isObject()).isTrue();
    }

    @Test
    void isHealthy(final TestClient client) {
        assertThat(client.get("/health").status()).isEqualTo(200);
    }
}
