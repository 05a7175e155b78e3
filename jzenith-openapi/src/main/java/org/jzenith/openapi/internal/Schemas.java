package org.jzenith.openapi.internal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.AnnotatedParameter;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Negative;
import jakarta.validation.constraints.NegativeOrZero;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Annotation;
import java.lang.reflect.Executable;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.jzenith.core.spi.execution.RxJavaTypes;

/**
 * JSON Schemas (the 2020-12 dialect OpenAPI 3.1 uses) of the Java types resource methods read and
 * write, as the application's {@link ObjectMapper} sees them: its property names, {@code
 * @JsonProperty} and {@code @JsonIgnore}, generic types resolved. A record or bean becomes a named
 * schema under {@code components/schemas}, referenced where it is used; Bean Validation constraints
 * on its properties become {@code required}, {@code minLength}, {@code maximum} and the like.
 *
 * <p>Used once, when the document is first asked for: it reflects on the types, which is why the
 * document is not made at start-up. Not thread-safe.
 */
final class Schemas {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Simple types and their schema: type, and format where one applies. */
    private static final Map<Class<?>, String[]> SIMPLE = simpleTypes();

    /** RxJava's types by name, so that a service without them does not load them ({@link RxJavaTypes}). */
    private static final Set<String> RX_JAVA_VALUES = Set.of(RxJavaTypes.SINGLE, RxJavaTypes.MAYBE);

    private static final Set<String> RX_JAVA_STREAMS = Set.of(RxJavaTypes.FLOWABLE, RxJavaTypes.OBSERVABLE);

    private final ObjectMapper mapper;
    private final ObjectNode components = NODES.objectNode();
    private final Map<JavaType, String> names = new HashMap<>();

    Schemas(final ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** The named schemas made so far, for {@code components/schemas}. */
    ObjectNode components() {
        return components;
    }

    /** The schema of {@code type}, a reference for records and beans. */
    ObjectNode of(final Type type) {
        return of(mapper.getTypeFactory().constructType(type));
    }

    /** Whether a value of {@code type} may be absent: an {@code Optional} or a boxed type. */
    static boolean optional(final Type type) {
        final Class<?> raw = com.fasterxml.jackson.databind.type.TypeFactory.rawClass(type);
        return raw == Optional.class
                || raw == OptionalInt.class
                || raw == OptionalLong.class
                || raw == OptionalDouble.class;
    }

    /** The schema of {@code type}. */
    ObjectNode of(final JavaType type) {
        final Class<?> raw = type.getRawClass();
        final String[] simple = SIMPLE.get(raw);
        if (simple != null) {
            final ObjectNode schema = NODES.objectNode().put("type", simple[0]);
            if (simple.length > 1) {
                schema.put("format", simple[1]);
            }
            return schema;
        }
        if (raw == byte[].class) {
            // Jackson writes byte arrays as Base64 text.
            return NODES.objectNode().put("type", "string").put("contentEncoding", "base64");
        }
        if (raw == Optional.class
                || RX_JAVA_VALUES.contains(raw.getName())
                || CompletionStage.class.isAssignableFrom(raw)
                || Future.class.isAssignableFrom(raw)) {
            return of(type.containedTypeOrUnknown(0));
        }
        if (raw == OptionalInt.class) {
            return of(mapper.constructType(int.class));
        }
        if (raw == OptionalLong.class) {
            return of(mapper.constructType(long.class));
        }
        if (raw == OptionalDouble.class) {
            return of(mapper.constructType(double.class));
        }
        if (raw.isEnum()) {
            final ArrayNode values = NODES.arrayNode();
            for (final Object constant : raw.getEnumConstants()) {
                // The mapper's own name of each constant (@JsonProperty on a constant, a naming setting).
                values.add(mapper.convertValue(constant, JsonNode.class));
            }
            return NODES.objectNode().put("type", "string").set("enum", values);
        }
        if (type.isArrayType() || type.isCollectionLikeType() || RX_JAVA_STREAMS.contains(raw.getName())) {
            final ObjectNode schema = NODES.objectNode().put("type", "array");
            schema.set(
                    "items",
                    of(type.getContentType() != null ? type.getContentType() : type.containedTypeOrUnknown(0)));
            if (Set.class.isAssignableFrom(raw)) {
                schema.put("uniqueItems", true);
            }
            return schema;
        }
        if (type.isMapLikeType()) {
            final ObjectNode schema = NODES.objectNode().put("type", "object");
            schema.set("additionalProperties", of(type.getContentType()));
            return schema;
        }
        if (raw == Object.class
                || JsonNode.class.isAssignableFrom(raw)
                || raw == JsonObject.class
                || raw == JsonArray.class
                || raw.isInterface()
                || raw.getPackageName().startsWith("java.")) {
            // Anything: the schema says nothing rather than something wrong.
            return NODES.objectNode();
        }
        return NODES.objectNode().put("$ref", "#/components/schemas/" + named(type));
    }

    /** The component name of a record or bean, its schema made the first time. */
    private String named(final JavaType type) {
        final String known = names.get(type);
        if (known != null) {
            return known;
        }
        final String name = freeName(type);
        names.put(type, name);
        // A placeholder first: a type that refers to itself finds its name.
        components.set(name, NODES.objectNode());
        components.set(name, objectSchema(type));
        return name;
    }

    private String freeName(final JavaType type) {
        final StringBuilder simple = new StringBuilder(type.getRawClass().getSimpleName());
        for (int i = 0; i < type.containedTypeCount(); i++) {
            simple.append(i == 0 ? "Of" : "And")
                    .append(type.containedType(i).getRawClass().getSimpleName());
        }
        String name = simple.toString();
        if (components.has(name)) {
            // Two classes of the same simple name: the second is named in full.
            name = type.getRawClass().getName().replace('$', '.');
        }
        int suffix = 2;
        final String base = name;
        while (components.has(name)) {
            name = base + suffix++;
        }
        return name;
    }

    private ObjectNode objectSchema(final JavaType type) {
        final BeanDescription bean = mapper.getSerializationConfig().introspect(type);
        final ObjectNode schema = NODES.objectNode().put("type", "object");
        final ObjectNode properties = NODES.objectNode();
        final ArrayNode required = NODES.arrayNode();
        final List<BeanPropertyDefinition> all = new ArrayList<>(bean.findProperties());
        // Properties that are only written by clients (a setter or creator parameter without a
        // getter) are still part of the request body.
        final Map<String, BeanPropertyDefinition> deserialized = new LinkedHashMap<>();
        mapper.getDeserializationConfig()
                .introspect(type)
                .findProperties()
                .forEach(property -> deserialized.put(property.getName(), property));
        all.forEach(property -> deserialized.remove(property.getName()));
        // A record's creator parameter is seen even when its component is @JsonIgnore'd.
        deserialized.values().stream()
                .filter(property -> !bean.getIgnoredPropertyNames().contains(property.getInternalName())
                        && !ignoredRecordComponent(type.getRawClass(), property.getInternalName()))
                .forEach(all::add);
        for (final BeanPropertyDefinition property : all) {
            final List<Annotation> annotations = annotations(property);
            final ObjectNode propertySchema = of(property.getPrimaryType());
            constrain(propertySchema, annotations, property.getPrimaryType().getRawClass());
            properties.set(property.getName(), propertySchema);
            if (property.isRequired() || requires(annotations)) {
                required.add(property.getName());
            }
        }
        schema.set("properties", properties);
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        return schema;
    }

    /**
     * Whether {@code name} is a component of the record {@code type} marked {@code @JsonIgnore}:
     * Jackson still lists it among the creator's properties, as the annotation cannot be on the
     * constructor's parameter, though it never reads or writes it.
     */
    private static boolean ignoredRecordComponent(final Class<?> type, final String name) {
        if (!type.isRecord()) {
            return false;
        }
        return java.util.Arrays.stream(type.getRecordComponents())
                .filter(component -> component.getName().equals(name))
                .anyMatch(component -> {
                    final JsonIgnore ignore = component.getAccessor().getAnnotation(JsonIgnore.class);
                    return ignore != null && ignore.value();
                });
    }

    /** Every annotation on the property's field, accessors and constructor parameter. */
    private static List<Annotation> annotations(final BeanPropertyDefinition property) {
        final List<Annotation> found = new ArrayList<>();
        final List<AnnotatedMember> members = new ArrayList<>();
        if (property.hasField()) {
            members.add(property.getField());
        }
        if (property.hasGetter()) {
            members.add(property.getGetter());
        }
        if (property.hasSetter()) {
            members.add(property.getSetter());
        }
        for (final AnnotatedMember member : members) {
            if (member.getAnnotated() instanceof java.lang.reflect.AnnotatedElement element) {
                found.addAll(List.of(element.getAnnotations()));
            }
        }
        if (property.hasConstructorParameter()) {
            final AnnotatedParameter parameter = property.getConstructorParameter();
            if (parameter.getOwner().getAnnotated() instanceof Executable executable) {
                found.addAll(List.of(executable.getParameters()[parameter.getIndex()].getAnnotations()));
            }
        }
        return found;
    }

    /** Whether the constraints make a value required: {@code @NotNull}, {@code @NotBlank}, {@code @NotEmpty}. */
    static boolean requires(final List<Annotation> annotations) {
        return annotations.stream()
                .anyMatch(a -> a instanceof NotNull || a instanceof NotBlank || a instanceof NotEmpty);
    }

    /**
     * Adds what Bean Validation's constraints in {@code annotations} say to {@code schema}, a
     * schema of values of {@code raw}; a reference gets nothing (siblings of {@code $ref} would
     * change the shared schema's meaning for every user).
     */
    static void constrain(final ObjectNode schema, final List<Annotation> annotations, final Class<?> raw) {
        if (schema.has("$ref")) {
            return;
        }
        final boolean text = "string".equals(schema.path("type").asText());
        final boolean array = "array".equals(schema.path("type").asText());
        final boolean map = "object".equals(schema.path("type").asText()) || Map.class.isAssignableFrom(raw);
        for (final Annotation annotation : annotations) {
            switch (annotation) {
                case Size size -> {
                    final String prefix = text
                            ? "Length"
                            : array || Collection.class.isAssignableFrom(raw) ? "Items" : map ? "Properties" : "";
                    if (!prefix.isEmpty()) {
                        if (size.min() > 0) {
                            schema.put("min" + prefix, size.min());
                        }
                        if (size.max() < Integer.MAX_VALUE) {
                            schema.put("max" + prefix, size.max());
                        }
                    }
                }
                case NotBlank ignored -> {
                    schema.put("minLength", Math.max(1, schema.path("minLength").asInt(1)));
                    if (!schema.has("pattern")) {
                        // Not only white space.
                        schema.put("pattern", "\\S");
                    }
                }
                case NotEmpty ignored ->
                    schema.put(text ? "minLength" : array ? "minItems" : "minProperties", Math.max(1, 1));
                case Min min -> schema.put("minimum", min.value());
                case Max max -> schema.put("maximum", max.value());
                case DecimalMin min ->
                    schema.put(min.inclusive() ? "minimum" : "exclusiveMinimum", new BigDecimal(min.value()));
                case DecimalMax max ->
                    schema.put(max.inclusive() ? "maximum" : "exclusiveMaximum", new BigDecimal(max.value()));
                case Positive ignored -> schema.put("exclusiveMinimum", 0);
                case PositiveOrZero ignored -> schema.put("minimum", 0);
                case Negative ignored -> schema.put("exclusiveMaximum", 0);
                case NegativeOrZero ignored -> schema.put("maximum", 0);
                case Pattern pattern -> schema.put("pattern", pattern.regexp());
                case Email ignored -> schema.put("format", "email");
                default -> {
                    // Other constraints (@Past, custom ones) have no JSON Schema keyword.
                }
            }
        }
    }

    private static Map<Class<?>, String[]> simpleTypes() {
        final Map<Class<?>, String[]> types = new HashMap<>();
        types.put(boolean.class, new String[] {"boolean"});
        types.put(Boolean.class, new String[] {"boolean"});
        for (final Class<?> type :
                List.of(byte.class, Byte.class, short.class, Short.class, int.class, Integer.class)) {
            types.put(type, new String[] {"integer", "int32"});
        }
        types.put(long.class, new String[] {"integer", "int64"});
        types.put(Long.class, new String[] {"integer", "int64"});
        types.put(BigInteger.class, new String[] {"integer"});
        types.put(float.class, new String[] {"number", "float"});
        types.put(Float.class, new String[] {"number", "float"});
        types.put(double.class, new String[] {"number", "double"});
        types.put(Double.class, new String[] {"number", "double"});
        types.put(BigDecimal.class, new String[] {"number"});
        types.put(String.class, new String[] {"string"});
        types.put(CharSequence.class, new String[] {"string"});
        types.put(char.class, new String[] {"string"});
        types.put(Character.class, new String[] {"string"});
        types.put(UUID.class, new String[] {"string", "uuid"});
        types.put(URI.class, new String[] {"string", "uri"});
        types.put(URL.class, new String[] {"string", "uri"});
        types.put(LocalDate.class, new String[] {"string", "date"});
        types.put(LocalTime.class, new String[] {"string", "time"});
        types.put(OffsetTime.class, new String[] {"string", "time"});
        types.put(Instant.class, new String[] {"string", "date-time"});
        types.put(OffsetDateTime.class, new String[] {"string", "date-time"});
        types.put(ZonedDateTime.class, new String[] {"string", "date-time"});
        types.put(LocalDateTime.class, new String[] {"string", "date-time"});
        types.put(Duration.class, new String[] {"string", "duration"});
        return Map.copyOf(types);
    }
}
