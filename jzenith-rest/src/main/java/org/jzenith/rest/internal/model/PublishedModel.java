package org.jzenith.rest.internal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jzenith.rest.spi.Endpoint;
import org.jzenith.rest.spi.EndpointParameter;
import org.jzenith.rest.spi.ResourceEndpoints;
import org.jzenith.rest.spi.ResultKind;

/**
 * The resource model as {@code org.jzenith.rest.spi} publishes it to other plugins: a copy, so that
 * the model the router is built from can change without breaking them.
 */
public final class PublishedModel {

    private PublishedModel() {}

    /** {@code model}'s endpoints, with the statuses {@code withMapping} maps exceptions to. */
    public static ResourceEndpoints of(final ResourceModel model, final Set<Integer> mappedStatuses) {
        return new ResourceEndpoints(
                model.endpoints().stream().map(PublishedModel::endpoint).toList(), mappedStatuses);
    }

    private static Endpoint endpoint(final EndpointDefinition endpoint) {
        final List<EndpointParameter> parameters = new ArrayList<>();
        endpoint.locators().forEach(locator -> locator.parameters().stream()
                .map(PublishedModel::parameter)
                .forEach(parameters::add));
        endpoint.parameters().stream().map(PublishedModel::parameter).forEach(parameters::add);
        return new Endpoint(
                endpoint.resourceClass(),
                endpoint.method(),
                endpoint.httpMethod(),
                endpoint.path().template(),
                endpoint.path().variables(),
                endpoint.produces(),
                endpoint.consumes(),
                parameters,
                ResultKind.valueOf(endpoint.returnKind().name()),
                endpoint.valueType(),
                !endpoint.locators().isEmpty());
    }

    /** One parameter as published, a {@code @BeanParam} with its members. */
    private static EndpointParameter parameter(final ParameterDefinition parameter) {
        return new EndpointParameter(
                org.jzenith.rest.spi.ParameterSource.valueOf(parameter.source().name()),
                parameter.name(),
                parameter.type(),
                parameter.defaultValue(),
                parameter.annotations(),
                BeanParamMembers.of(parameter).stream()
                        .map(PublishedModel::parameter)
                        .toList());
    }
}
