package org.jzenith.rest.internal.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.internal.adapters.ReactiveAdapters;
import org.jzenith.rest.spi.Endpoint;
import org.jzenith.rest.spi.EndpointParameter;
import org.jzenith.rest.spi.ParameterSource;
import org.jzenith.rest.spi.ResourceEndpoints;
import org.jzenith.rest.spi.ResultKind;

/** What other plugins see of the resource model: every kind the model knows, parameters in order. */
class PublishedModelTest {

    @Path("/shops/{shop}")
    public static class ShopResource {

        @Path("/items")
        public ItemResource items(@PathParam("shop") final String shop) {
            return new ItemResource();
        }
    }

    public static class ItemResource {

        @GET
        public String list(@QueryParam("limit") final int limit) {
            return "[]";
        }
    }

    public record Paging(
            @QueryParam("page") int page,
            @HeaderParam("X-Size") int size) {}

    public static class Filter {
        @QueryParam("q")
        String query;

        String notAParameter;
    }

    @Path("/search")
    public static class SearchResource {

        @GET
        public String search(@BeanParam final Paging paging, @BeanParam final Filter filter) {
            return "[]";
        }
    }

    @Test
    void aBeanParamIsPublishedWithTheMembersThePluginBinds() {
        final ResourceModel model =
                ResourceModel.of(List.of(SearchResource.class), "/", ReactiveAdapters.of(List.of()));
        final List<EndpointParameter> parameters =
                PublishedModel.of(model, Set.of()).endpoints().getFirst().parameters();

        assertThat(model.problems()).isEmpty();
        assertThat(parameters)
                .extracting(EndpointParameter::source)
                .containsExactly(ParameterSource.BEAN, ParameterSource.BEAN);
        assertThat(parameters.get(0).members())
                .extracting(EndpointParameter::source, EndpointParameter::name)
                .containsExactly(tuple(ParameterSource.QUERY, "page"), tuple(ParameterSource.HEADER, "X-Size"));
        assertThat(parameters.get(1).members())
                .extracting(EndpointParameter::source, EndpointParameter::name)
                .containsExactly(tuple(ParameterSource.QUERY, "q"));
    }

    @Test
    void everyParameterSourceAndReturnKindIsPublished() {
        assertThat(Arrays.stream(org.jzenith.rest.internal.model.ParameterSource.values())
                        .map(Enum::name))
                .containsExactlyElementsOf(
                        Arrays.stream(ParameterSource.values()).map(Enum::name).toList());
        assertThat(Arrays.stream(ReturnKind.values()).map(Enum::name))
                .containsExactlyElementsOf(
                        Arrays.stream(ResultKind.values()).map(Enum::name).toList());
    }

    @Test
    void aLocatorsParametersComeBeforeTheMethodsOwn() {
        final ResourceModel model = ResourceModel.of(List.of(ShopResource.class), "/", ReactiveAdapters.of(List.of()));
        final ResourceEndpoints published = PublishedModel.of(model, Set.of(404));

        assertThat(model.problems()).isEmpty();
        final Endpoint endpoint = published.endpoints().getFirst();
        assertThat(endpoint.pathTemplate()).isEqualTo("/shops/{shop}/items");
        assertThat(endpoint.pathVariables()).containsExactly("shop");
        assertThat(endpoint.parameters()).extracting(EndpointParameter::name).containsExactly("shop", "limit");
        assertThat(endpoint.annotatedClass()).isEqualTo(ItemResource.class);
        assertThat(endpoint.result()).isEqualTo(ResultKind.VALUE);
        assertThat(published.mappedStatuses()).containsExactly(404);
    }
}
