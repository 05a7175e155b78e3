package org.jzenith.postgresql;

import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.templates.RowMapper;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;

/**
 * Maps a row to a Java record, one column per component, so that DAOs need no hand-written mapping
 * code. For use with the Vert.x SQL client templates ({@code SqlTemplate...mapTo(mapper)}) or
 * {@code preparedQuery(...).mapping(mapper::map)}:
 *
 * <pre>{@code
 * record User(UUID id, String name, Instant createdAt) {}
 *
 * private static final RecordMapper<User> USER = RecordMapper.of(User.class);
 *
 * SqlTemplate.forQuery(client, "SELECT id, name, created_at FROM users WHERE id = #{id}")
 *         .mapTo(USER)
 *         .execute(Map.of("id", id));
 * }</pre>
 *
 * <p>A component {@code createdAt} takes the column {@code created_at}, else {@code createdat}
 * (PostgreSQL folds unquoted names to lower case), else {@code createdAt}. Values are converted
 * where the types differ in the usual ways: {@code UUID} from text, {@code Instant} from {@code
 * timestamp} (read as UTC) or {@code timestamptz}, enums from text by name, numbers between their
 * types; everything else is what the client reads for the column ({@link Row#get(Class, int)}). A
 * missing column, or a null for a primitive, fails with a message naming the component.
 *
 * <p>The record's constructor and the conversions are looked up once, here; mapping a row uses
 * neither reflection nor per-row lookups beyond finding each column by name. Immutable and
 * thread-safe: keep one per record type in a constant.
 *
 * @param <R> the record type
 */
public final class RecordMapper<R extends Record> implements RowMapper<R> {

    private static final Map<Class<?>, Class<?>> BOXES = Map.of(
            boolean.class, Boolean.class,
            byte.class, Byte.class,
            short.class, Short.class,
            int.class, Integer.class,
            long.class, Long.class,
            float.class, Float.class,
            double.class, Double.class,
            char.class, Character.class);

    private final Class<R> type;
    private final Component[] components;
    private final MethodHandle constructor;

    private RecordMapper(final Class<R> type, final Component[] components, final MethodHandle constructor) {
        this.type = type;
        this.components = components;
        this.constructor = constructor;
    }

    /** A mapper to {@code type}, whose canonical constructor it calls with one value per column. */
    public static <R extends Record> RecordMapper<R> of(final Class<R> type) {
        Objects.requireNonNull(type, "type");
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        final RecordComponent[] recordComponents = type.getRecordComponents();
        final Class<?>[] parameterTypes =
                Arrays.stream(recordComponents).map(RecordComponent::getType).toArray(Class<?>[]::new);
        final MethodHandle constructor;
        try {
            final Constructor<R> canonical = type.getDeclaredConstructor(parameterTypes);
            canonical.setAccessible(true);
            constructor = MethodHandles.lookup()
                    .unreflectConstructor(canonical)
                    .asSpreader(Object[].class, parameterTypes.length)
                    .asType(MethodType.methodType(Object.class, Object[].class));
        } catch (final ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException(
                    "cannot call the canonical constructor of " + type.getName() + ": " + e.getMessage(), e);
        }
        final Component[] components = Arrays.stream(recordComponents)
                .map(component -> new Component(
                        type.getSimpleName() + "." + component.getName(),
                        columnNames(component.getName()),
                        component.getType(),
                        converter(component.getType())))
                .toArray(Component[]::new);
        return new RecordMapper<>(type, components, constructor);
    }

    @Override
    public R map(final Row row) {
        final Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = components[i].read(row);
        }
        try {
            return type.cast(constructor.invokeExact(values));
        } catch (final RuntimeException | Error e) {
            throw e;
        } catch (final Throwable e) {
            throw new IllegalStateException("the constructor of " + type.getName() + " failed: " + e, e);
        }
    }

    @Override
    public String toString() {
        return "RecordMapper[" + type.getName() + "]";
    }

    /** {@code createdAt}: {@code created_at}, {@code createdat}, {@code createdAt}, without repeats. */
    static List<String> columnNames(final String component) {
        final List<String> names = new ArrayList<>();
        names.add(component.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT));
        for (final String name : List.of(component.toLowerCase(Locale.ROOT), component)) {
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return List.copyOf(names);
    }

    /** How a value the client read becomes a value of {@code target}; null stays null. */
    private static Function<Object, Object> converter(final Class<?> target) {
        final Class<?> boxed = BOXES.getOrDefault(target, target);
        if (boxed == UUID.class) {
            return value -> value instanceof String text ? UUID.fromString(text.strip()) : value;
        }
        if (boxed == Instant.class) {
            return value -> switch (value) {
                case LocalDateTime local -> local.toInstant(ZoneOffset.UTC);
                case OffsetDateTime offset -> offset.toInstant();
                default -> value;
            };
        }
        if (boxed.isEnum()) {
            return value -> value instanceof String text ? enumConstant(boxed, text) : value;
        }
        if (Number.class.isAssignableFrom(boxed) && boxed != java.math.BigDecimal.class) {
            return value -> value instanceof Number number ? number(boxed, number) : value;
        }
        if (boxed == String.class) {
            return value -> value instanceof Enum<?> constant ? constant.name() : value;
        }
        return Function.identity();
    }

    private static Object number(final Class<?> boxed, final Number number) {
        if (boxed.isInstance(number)) {
            return number;
        }
        if (boxed == Long.class) {
            return number.longValue();
        }
        if (boxed == Integer.class) {
            return number.intValue();
        }
        if (boxed == Short.class) {
            return number.shortValue();
        }
        if (boxed == Byte.class) {
            return number.byteValue();
        }
        if (boxed == Double.class) {
            return number.doubleValue();
        }
        if (boxed == Float.class) {
            return number.floatValue();
        }
        return number;
    }

    private static Object enumConstant(final Class<?> type, final String name) {
        for (final Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().equals(name)) {
                return constant;
            }
        }
        throw new IllegalArgumentException(type.getSimpleName() + " has no constant " + name);
    }

    /** One record component: where its value comes from and how it is converted. */
    private record Component(String label, List<String> columns, Class<?> type, Function<Object, Object> converter) {

        Object read(final Row row) {
            final int index = index(row);
            final Object raw = row.getValue(index);
            if (raw == null) {
                if (type.isPrimitive()) {
                    throw new IllegalStateException(
                            "column " + row.getColumnName(index) + " is null, but " + label + " is a " + type.getName()
                                    + "; make it a " + BOXES.get(type).getSimpleName());
                }
                return null;
            }
            final Object converted;
            try {
                converted = converter.apply(raw);
            } catch (final RuntimeException e) {
                throw mismatch(row, index, raw, e);
            }
            final Class<?> boxed = BOXES.getOrDefault(type, type);
            if (boxed.isInstance(converted)) {
                return converted;
            }
            try {
                return row.get(boxed, index);
            } catch (final RuntimeException e) {
                throw mismatch(row, index, raw, e);
            }
        }

        private int index(final Row row) {
            for (final String column : columns) {
                final int index = row.getColumnIndex(column);
                if (index >= 0) {
                    return index;
                }
            }
            final List<String> present = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                present.add(row.getColumnName(i));
            }
            throw new IllegalStateException("the row has no column for " + label + ": it has " + present
                    + "; select a column named " + columns.getFirst());
        }

        private IllegalStateException mismatch(
                final Row row, final int index, final Object raw, final RuntimeException cause) {
            return new IllegalStateException(
                    "cannot map column " + row.getColumnName(index) + " ("
                            + raw.getClass().getSimpleName() + ") to " + label + " (" + type.getSimpleName() + "): "
                            + cause.getMessage(),
                    cause);
        }
    }
}
