package org.jzenith.rest.it.adapters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.ReactiveAdapter;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;
import org.jzenith.rest.it.compat.UnsupportedAsyncResource;

/** Mutiny's and Reactor's types, adapted because they are on the classpath, and an adapter of one's own. */
class ReactiveAdaptersIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(
                RestPlugin.withResources(QuarkusStyleResource.class, SpringStyleResource.class, InHouseResource.class)
                        .withAdapters(ReactiveAdapter.one(
                                Eventually.class, (Eventually<?> eventually) -> eventually.asStage())));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void mutinysUniAndMultiAreWrittenAsTheirValues() {
        assertThat(http.get("/quarkus/greetings/ada").body()).isEqualTo("{\"text\":\"Hello ada\"}");
        assertThat(http.get("/quarkus/nothing").statusCode()).isEqualTo(204);
        assertThat(http.get("/quarkus/numbers").body()).isEqualTo("[1,2,3]");

        final HttpResponse<String> failed = http.get("/quarkus/greetings/nobody");
        assertThat(failed.statusCode()).isEqualTo(404);
        assertThat(failed.body()).contains("No one to greet");
    }

    @Test
    void reactorsMonoAndFluxAreWrittenAsTheirValues() {
        assertThat(http.get("/spring/price").body()).isEqualTo("{\"item\":\"tea\",\"cents\":250}");
        assertThat(http.get("/spring/empty").statusCode()).isEqualTo(204);
        assertThat(http.get("/spring/names").body()).isEqualTo("[\"ada\",\"grace\"]");
    }

    @Test
    void anAdapterOfOnesOwnLetsAMethodReturnAnyType() {
        assertThat(http.get("/in-house").body()).isEqualTo("adapted");
    }

    @Test
    void anAsynchronousTypeWithoutAnAdapterFailsStartUpSayingHowToAddOne() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(UnsupportedAsyncResource.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(
                        "UnsupportedAsyncResource.names returns com.google.common.util.concurrent.ListenableFuture")
                .hasMessageContaining("register a ReactiveAdapter for it with RestPlugin.withAdapters");
    }
}
