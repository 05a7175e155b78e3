package org.jzenith.openapi.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.HttpResponseStatus;
import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jzenith.rest.spi.Endpoint;
import org.jzenith.rest.spi.EndpointParameter;
import org.jzenith.rest.spi.ParameterSource;
import org.jzenith.rest.spi.ResultKind;

/**
 * Makes the OpenAPI 3.1 document of an application's resources from jZenith's resource model, the
 * one the router is built from, so that the document describes exactly what is served and nothing is
 * scanned: paths, operations, parameters with their types, defaults and constraints, request and
 * response bodies, the RFC 9457 problem responses jZenith answers with, and a security scheme per
 * authenticator whose scheme OpenAPI can describe.
 *
 * <p>Made once, on the first request for the document; it reflects on the resource classes.
 */
public final class OpenApiDocument {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String PROBLEM = "application/problem+json";
    private static final String PROBLEM_REF = "#/components/schemas/Problem";

    private final Info info;
    private final List<Endpoint> endpoints;
    private final Set<Integer> mappedStatuses;
    private final List<String> authenticationSchemes;
    private final Schemas schemas;
    private final ObjectNode securitySchemes = NODES.objectNode();
    private final Set<String> operationIds = new HashSet<>();

    /**
     * The {@code info} of the document.
     *
     * @param title its title
     * @param version the API's version
     * @param description what the API is for; empty for none
     */
    public record Info(String title, String version, Optional<String> description) {}

    private OpenApiDocument(
            final Info info,
            final List<Endpoint> endpoints,
            final Set<Integer> mappedStatuses,
            final List<String> authenticationSchemes,
            final ObjectMapper mapper) {
        this.info = info;
        this.endpoints = List.copyOf(endpoints);
        this.mappedStatuses = Set.copyOf(mappedStatuses);
        this.authenticationSchemes = List.copyOf(authenticationSchemes);
        this.schemas = new Schemas(mapper);
    }

    /**
     * The document of {@code endpoints}.
     *
     * @param info the title, version and description
     * @param endpoints the endpoints the REST plugin serves
     * @param mappedStatuses the statuses exceptions are mapped to ({@code withMapping}); a 404 among
     *     them is documented for operations addressed by a path parameter
     * @param authenticationSchemes the schemes of the bound authenticators ({@code Bearer}, ...)
     * @param mapper the mapper bodies are read and written with, whose view of properties the
     *     schemas follow
     */
    public static ObjectNode create(
            final Info info,
            final List<Endpoint> endpoints,
            final Set<Integer> mappedStatuses,
            final List<String> authenticationSchemes,
            final ObjectMapper mapper) {
        return new OpenApiDocument(info, endpoints, mappedStatuses, authenticationSchemes, mapper).document();
    }

    private ObjectNode document() {
        final ObjectNode document = NODES.objectNode().put("openapi", "3.1.0");
        final ObjectNode infoNode =
                document.putObject("info").put("title", info.title()).put("version", info.version());
        info.description().ifPresent(description -> infoNode.put("description", description));
        final Map<String, String> schemeNames = securitySchemes();
        // Sorted by path, and within a path in the usual order of methods, so that the document
        // does not change with the order resources are named in.
        final Map<String, ObjectNode> paths = new TreeMap<>();
        for (final Endpoint endpoint : endpoints) {
            final Documentation documentation = Documentation.of(endpoint.annotatedClass(), endpoint.method());
            if (documentation.hidden()) {
                continue;
            }
            final PathAndPatterns path = PathAndPatterns.of(endpoint.pathTemplate());
            final ObjectNode item = paths.computeIfAbsent(path.path(), ignored -> NODES.objectNode());
            item.set(
                    endpoint.httpMethod().toLowerCase(Locale.ROOT),
                    operation(endpoint, documentation, path, schemeNames));
        }
        final ObjectNode pathsNode = document.putObject("paths");
        paths.forEach((path, item) -> pathsNode.set(path, ordered(item)));
        final ObjectNode components = document.putObject("components");
        final ObjectNode componentSchemas = components.putObject("schemas");
        componentSchemas.set("Problem", problemSchema());
        final ObjectNode made = schemas.components();
        new TreeMap<>(toMap(made)).forEach(componentSchemas::set);
        if (!securitySchemes.isEmpty()) {
            components.set("securitySchemes", securitySchemes);
        }
        return document;
    }

    /**
     * A security scheme for each authenticator whose scheme is an HTTP one OpenAPI describes
     * ({@code Bearer}, {@code Basic}); others (an API key read from a header the authenticator
     * alone knows, a scheme of a test) are left out rather than described wrongly.
     */
    private Map<String, String> securitySchemes() {
        final Map<String, String> names = new LinkedHashMap<>();
        for (final String scheme : authenticationSchemes) {
            final String lower = scheme.toLowerCase(Locale.ROOT);
            if (lower.equals("bearer") && !names.containsKey(lower)) {
                securitySchemes
                        .putObject("bearerAuth")
                        .put("type", "http")
                        .put("scheme", "bearer")
                        .put("bearerFormat", "JWT");
                names.put(lower, "bearerAuth");
            } else if (lower.equals("basic") && !names.containsKey(lower)) {
                securitySchemes.putObject("basicAuth").put("type", "http").put("scheme", "basic");
                names.put(lower, "basicAuth");
            }
        }
        return names;
    }

    private ObjectNode operation(
            final Endpoint endpoint,
            final Documentation documentation,
            final PathAndPatterns path,
            final Map<String, String> schemeNames) {
        final ObjectNode operation = NODES.objectNode();
        final ArrayNode tags = operation.putArray("tags");
        (documentation.tags().isEmpty() ? List.of(endpoint.resourceClass().getSimpleName()) : documentation.tags())
                .forEach(tags::add);
        documentation.summary().ifPresent(summary -> operation.put("summary", summary));
        documentation.description().ifPresent(description -> operation.put("description", description));
        operation.put("operationId", operationId(endpoint, documentation));
        if (documentation.deprecated()) {
            operation.put("deprecated", true);
        }
        final List<EndpointParameter> parameters = new ArrayList<>();
        parameters.addAll(endpoint.parameters());
        final List<EndpointParameter> flat = flatten(parameters);
        final ArrayNode parameterNodes = NODES.arrayNode();
        for (final EndpointParameter parameter : flat) {
            parameter(parameter, path).ifPresent(parameterNodes::add);
        }
        if (!parameterNodes.isEmpty()) {
            operation.set("parameters", parameterNodes);
        }
        requestBody(endpoint, flat).ifPresent(body -> operation.set("requestBody", body));
        final Access access = Access.of(endpoint);
        operation.set("responses", responses(endpoint, documentation, flat, access, schemeNames));
        if (access == Access.ROLES && !schemeNames.isEmpty()) {
            final ArrayNode security = operation.putArray("security");
            schemeNames.values().forEach(name -> security.addObject().putArray(name));
        }
        return operation;
    }

    private String operationId(final Endpoint endpoint, final Documentation documentation) {
        final String wanted =
                documentation.operationId().orElse(endpoint.method().getName());
        String id = wanted;
        if (operationIds.contains(id)) {
            // Two resources with a method of the same name: ids must be unique in a document.
            final String simple = endpoint.resourceClass().getSimpleName();
            id = Character.toLowerCase(simple.charAt(0))
                    + simple.substring(1)
                    + Character.toUpperCase(wanted.charAt(0))
                    + wanted.substring(1);
        }
        final String base = id;
        int suffix = 2;
        while (!operationIds.add(id)) {
            id = base + suffix++;
        }
        return id;
    }

    /** The parameters, with each {@code @BeanParam}'s members in its place. */
    private static List<EndpointParameter> flatten(final List<EndpointParameter> parameters) {
        final List<EndpointParameter> flat = new ArrayList<>();
        for (final EndpointParameter parameter : parameters) {
            if (parameter.source() == ParameterSource.BEAN) {
                flat.addAll(flatten(parameter.members().stream()
                        .filter(member -> member.source() != ParameterSource.ENTITY)
                        .toList()));
            } else {
                flat.add(parameter);
            }
        }
        return flat;
    }

    private Optional<ObjectNode> parameter(final EndpointParameter parameter, final PathAndPatterns path) {
        final String in =
                switch (parameter.source()) {
                    case PATH -> "path";
                    case QUERY -> "query";
                    case HEADER -> "header";
                    case COOKIE -> "cookie";
                    default -> "";
                };
        if (in.isEmpty()) {
            return Optional.empty();
        }
        final ObjectNode node = NODES.objectNode().put("name", parameter.name()).put("in", in);
        final ObjectNode schema = schemas.of(parameter.type());
        Schemas.constrain(schema, parameter.annotations(), rawClass(parameter.type()));
        if (parameter.source() == ParameterSource.PATH) {
            path.pattern(parameter.name()).ifPresent(pattern -> schema.put("pattern", "^(?:" + pattern + ")$"));
        }
        parameter.defaultValue().ifPresent(value -> schema.set("default", typed(value, schema)));
        final boolean required = parameter.source() == ParameterSource.PATH
                || (parameter.defaultValue().isEmpty() && Schemas.requires(parameter.annotations()));
        node.put("required", required);
        node.set("schema", schema);
        return Optional.of(node);
    }

    /** A {@code @DefaultValue} as the JSON value of its schema's type: {@code 20}, not {@code "20"}. */
    private static JsonNode typed(final String value, final ObjectNode schema) {
        final String type = schema.path("type").asText();
        try {
            return switch (type) {
                case "integer" -> NODES.numberNode(new java.math.BigInteger(value.trim()));
                case "number" -> NODES.numberNode(new java.math.BigDecimal(value.trim()));
                case "boolean" -> NODES.booleanNode(Boolean.parseBoolean(value.trim()));
                case "array" -> {
                    final ArrayNode values = NODES.arrayNode();
                    values.add(typed(value, (ObjectNode) schema.path("items")));
                    yield values;
                }
                default -> NODES.textNode(value);
            };
        } catch (final NumberFormatException | ClassCastException e) {
            return NODES.textNode(value);
        }
    }

    private Optional<ObjectNode> requestBody(final Endpoint endpoint, final List<EndpointParameter> parameters) {
        final Optional<EndpointParameter> entity = parameters.stream()
                .filter(p -> p.source() == ParameterSource.ENTITY)
                .findFirst();
        final List<EndpointParameter> form = parameters.stream()
                .filter(p -> p.source() == ParameterSource.FORM)
                .toList();
        if (entity.isEmpty() && form.isEmpty()) {
            return Optional.empty();
        }
        final ObjectNode body = NODES.objectNode();
        final ObjectNode content = body.putObject("content");
        if (entity.isPresent()) {
            final EndpointParameter parameter = entity.get();
            final ObjectNode schema = schemas.of(parameter.type());
            Schemas.constrain(schema, parameter.annotations(), rawClass(parameter.type()));
            final List<String> types = endpoint.consumes().isEmpty()
                    ? List.of(MediaType.APPLICATION_JSON)
                    : endpoint.consumes().stream()
                            .map(OpenApiDocument::mediaType)
                            .toList();
            types.forEach(type -> content.putObject(type).set("schema", schema.deepCopy()));
            body.put("required", Schemas.requires(parameter.annotations()));
        } else {
            final ObjectNode schema = NODES.objectNode().put("type", "object");
            final ObjectNode properties = schema.putObject("properties");
            final ArrayNode required = NODES.arrayNode();
            for (final EndpointParameter field : form) {
                final ObjectNode fieldSchema = schemas.of(field.type());
                Schemas.constrain(fieldSchema, field.annotations(), rawClass(field.type()));
                field.defaultValue().ifPresent(value -> fieldSchema.set("default", typed(value, fieldSchema)));
                properties.set(field.name(), fieldSchema);
                if (field.defaultValue().isEmpty() && Schemas.requires(field.annotations())) {
                    required.add(field.name());
                }
            }
            if (!required.isEmpty()) {
                schema.set("required", required);
            }
            final List<String> types = endpoint.consumes().isEmpty()
                    ? List.of(MediaType.APPLICATION_FORM_URLENCODED)
                    : endpoint.consumes().stream()
                            .map(OpenApiDocument::mediaType)
                            .toList();
            types.forEach(type -> content.putObject(type).set("schema", schema.deepCopy()));
            body.put("required", true);
        }
        return Optional.of(body);
    }

    private ObjectNode responses(
            final Endpoint endpoint,
            final Documentation documentation,
            final List<EndpointParameter> parameters,
            final Access access,
            final Map<String, String> schemeNames) {
        final Map<String, ObjectNode> responses = new TreeMap<>();
        final ResultKind kind = endpoint.result();
        final List<String> produces =
                endpoint.produces().stream().map(OpenApiDocument::mediaType).toList();
        switch (kind) {
            case VOID, COMPLETABLE -> responses.put("204", described(204));
            case RESPONSE, SUSPENDED -> {
                // The status and the entity are decided at run time: a method documents them with
                // @ApiResponse; without one, a success of any kind.
                final ObjectNode any = described(200);
                any.put("description", "Success; the status and the body are decided by the method");
                responses.put("200", any);
            }
            default -> {
                final ObjectNode success = described(200);
                final boolean stream = kind == ResultKind.FLOWABLE || kind == ResultKind.OBSERVABLE;
                if (endpoint.valueType() != Void.class) {
                    final ObjectNode schema = schemas.of(endpoint.valueType());
                    final ObjectNode written = stream ? arrayOf(schema) : schema;
                    final ObjectNode content = success.putObject("content");
                    produces.forEach(type -> content.putObject(type).set("schema", written.deepCopy()));
                } else {
                    responses.put("204", described(204));
                    break;
                }
                responses.put("200", success);
            }
        }
        final boolean hasInput = !parameters.stream()
                .filter(p -> p.source() != ParameterSource.CONTEXT
                        && p.source() != ParameterSource.SUSPENDED
                        && p.source() != ParameterSource.EVENT_SINK
                        && p.source() != ParameterSource.PRINCIPAL)
                .toList()
                .isEmpty();
        if (hasInput) {
            responses.put("400", problem(400, "The request is malformed or breaks a constraint (`violations`)"));
        }
        if (access == Access.ROLES) {
            responses.put("401", problem(401, "No credentials, or credentials that do not hold"));
            responses.put("403", problem(403, "The user has none of the roles the operation needs"));
        } else if (access == Access.DENIED) {
            responses.put("403", problem(403, "The operation is not open to anyone"));
        } else if (!schemeNames.isEmpty()) {
            // Credentials sent to a public operation are still checked.
            responses.put("401", problem(401, "Credentials were sent that do not hold"));
        }
        final boolean addressed = !endpoint.pathVariables().isEmpty();
        if (kind == ResultKind.OPTIONAL || kind == ResultKind.MAYBE || (addressed && mappedStatuses.contains(404))) {
            responses.put("404", problem(404, "Nothing is found there"));
        }
        responses.put(
                "503", problem(503, "Overloaded, or a store the service needs is away; retry after `Retry-After`"));
        for (final Documentation.DocumentedResponse declared : documentation.responses()) {
            final ObjectNode response = NODES.objectNode();
            response.put(
                    "description",
                    declared.description().isBlank() ? describe(declared.code()) : declared.description());
            declared.body().ifPresent(type -> {
                final ObjectNode schema = schemas.of(type);
                final ObjectNode written = declared.array() ? arrayOf(schema) : schema;
                final ObjectNode content = response.putObject("content");
                (declared.mediaTypes().isEmpty() ? produces : declared.mediaTypes())
                        .forEach(media -> content.putObject(media).set("schema", written.deepCopy()));
            });
            if (!declared.code().startsWith("4")
                    && !declared.code().startsWith("5")
                    && !declared.code().equals("default")) {
                // A declared success replaces the inferred one: a method returning Response says
                // what it answers with this way.
                responses.keySet().removeIf(code -> code.startsWith("2"));
            }
            responses.put(declared.code(), response);
        }
        final ObjectNode node = NODES.objectNode();
        responses.forEach(node::set);
        return node;
    }

    /** The status's reason phrase, as the REST plugin titles its problems. */
    private static String reasonPhrase(final int status) {
        return HttpResponseStatus.valueOf(status).reasonPhrase();
    }

    private static ObjectNode arrayOf(final ObjectNode items) {
        final ObjectNode array = NODES.objectNode().put("type", "array");
        array.set("items", items);
        return array;
    }

    private static ObjectNode described(final int status) {
        return NODES.objectNode().put("description", reasonPhrase(status));
    }

    private static String describe(final String code) {
        try {
            return reasonPhrase(Integer.parseInt(code));
        } catch (final NumberFormatException e) {
            return "Response";
        }
    }

    private static ObjectNode problem(final int status, final String description) {
        final ObjectNode response = NODES.objectNode().put("description", description);
        response.putObject("content").putObject(PROBLEM).putObject("schema").put("$ref", PROBLEM_REF);
        return response;
    }

    /** RFC 9457's problem document as jZenith writes it. */
    private static ObjectNode problemSchema() {
        final ObjectNode schema = NODES.objectNode()
                .put("type", "object")
                .put("description", "An RFC 9457 problem document: every error jZenith answers with");
        final ObjectNode properties = schema.putObject("properties");
        properties.putObject("type").put("type", "string").put("description", "always about:blank");
        properties.putObject("title").put("type", "string").put("description", "the status's reason phrase");
        properties.putObject("status").put("type", "integer").put("format", "int32");
        properties.putObject("detail").put("type", "string").put("description", "what went wrong, for the client");
        properties.putObject("instance").put("type", "string").put("description", "the request's path");
        properties
                .putObject("requestId")
                .put("type", "string")
                .put("description", "for server errors: matches the log line");
        final ObjectNode violation = NODES.objectNode().put("type", "object");
        violation.putObject("properties").putObject("field").put("type", "string");
        ((ObjectNode) violation.get("properties")).putObject("message").put("type", "string");
        violation.putArray("required").add("field").add("message");
        final ObjectNode violations = properties.putObject("violations").put("type", "array");
        violations.put("description", "for validation errors: each failed constraint");
        violations.set("items", violation);
        schema.putArray("required").add("type").add("title").add("status");
        return schema;
    }

    /** GET, PUT, POST, DELETE, ... in the order OpenAPI lists them. */
    private static ObjectNode ordered(final ObjectNode item) {
        final ObjectNode sorted = NODES.objectNode();
        for (final String method : List.of("get", "put", "post", "delete", "options", "head", "patch", "trace")) {
            if (item.has(method)) {
                sorted.set(method, item.get(method));
            }
        }
        return sorted;
    }

    private static Map<String, JsonNode> toMap(final ObjectNode node) {
        final Map<String, JsonNode> map = new LinkedHashMap<>();
        node.properties().forEach(entry -> map.put(entry.getKey(), entry.getValue()));
        return map;
    }

    private static String mediaType(final MediaType type) {
        return type.isWildcardType() ? MediaType.APPLICATION_JSON : type.getType() + "/" + type.getSubtype();
    }

    private static Class<?> rawClass(final Type type) {
        return com.fasterxml.jackson.databind.type.TypeFactory.rawClass(type);
    }

    /** Who may call an endpoint, from its access annotations (the method's, else its class's). */
    private enum Access {
        ANYONE,
        ROLES,
        DENIED;

        static Access of(final Endpoint endpoint) {
            final Method method = endpoint.method();
            if (method.isAnnotationPresent(DenyAll.class)) {
                return DENIED;
            }
            if (method.isAnnotationPresent(RolesAllowed.class)) {
                return ROLES;
            }
            if (method.isAnnotationPresent(PermitAll.class)) {
                return ANYONE;
            }
            final Class<?> type = endpoint.annotatedClass();
            if (type.isAnnotationPresent(DenyAll.class)) {
                return DENIED;
            }
            return type.isAnnotationPresent(RolesAllowed.class) ? ROLES : ANYONE;
        }
    }

    /**
     * A Jakarta path template as OpenAPI writes it: {@code /items/{id: [0-9]+}} is {@code
     * /items/{id}}, its regex kept for the parameter's {@code pattern}.
     */
    private record PathAndPatterns(String path, Map<String, String> patterns) {

        Optional<String> pattern(final String name) {
            return Optional.ofNullable(patterns.get(name));
        }

        static PathAndPatterns of(final String template) {
            final StringBuilder path = new StringBuilder();
            final Map<String, String> patterns = new LinkedHashMap<>();
            int i = 0;
            while (i < template.length()) {
                final char c = template.charAt(i);
                if (c != '{') {
                    path.append(c);
                    i++;
                    continue;
                }
                int depth = 0;
                int end = i;
                for (; end < template.length(); end++) {
                    if (template.charAt(end) == '{') {
                        depth++;
                    } else if (template.charAt(end) == '}' && --depth == 0) {
                        break;
                    }
                }
                final String body = template.substring(i + 1, Math.min(end, template.length()));
                final int colon = body.indexOf(':');
                final String name = (colon < 0 ? body : body.substring(0, colon)).trim();
                if (colon >= 0) {
                    patterns.put(name, body.substring(colon + 1).trim());
                }
                path.append('{').append(name).append('}');
                i = end + 1;
            }
            return new PathAndPatterns(path.toString(), Map.copyOf(patterns));
        }
    }
}
