package org.jzenith.rest.internal.params;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Looks enum constants up by name through maps built at start-up: the exact name first, then a case-insensitive
 * match, so {@code ?sort=asc} finds {@code ASC} without {@link Enum#valueOf} throwing for unknown names.
 */
final class EnumConverter implements Converter {

    private final Map<String, Object> byName;
    // Comparator-based lookup needs no lower-cased copy of the raw value; names equal ignoring case are left out.
    private final TreeMap<String, Object> byNameIgnoringCase;

    private EnumConverter(final Map<String, Object> byName, final TreeMap<String, Object> byNameIgnoringCase) {
        this.byName = byName;
        this.byNameIgnoringCase = byNameIgnoringCase;
    }

    /** The converter and its "one of [...]" description for an enum type. */
    static ConvertedType of(final Class<?> enumType) {
        final Map<String, Object> byName = new HashMap<>();
        final TreeMap<String, Object> byNameIgnoringCase = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        final Set<String> ambiguous = new HashSet<>();
        final List<String> names = new ArrayList<>();
        for (final Object constant : enumType.getEnumConstants()) {
            final String name = ((Enum<?>) constant).name();
            names.add(name);
            byName.put(name, constant);
            if (byNameIgnoringCase.putIfAbsent(name, constant) != null) {
                ambiguous.add(name);
            }
        }
        ambiguous.forEach(byNameIgnoringCase::remove);
        final EnumConverter converter = new EnumConverter(Map.copyOf(byName), byNameIgnoringCase);
        return new ConvertedType(enumType, converter, "one of " + names);
    }

    @Override
    public Object convert(final String raw) {
        Object constant = byName.get(raw);
        if (constant == null) {
            constant = byNameIgnoringCase.get(raw);
        }
        return constant == null ? FAILED : constant;
    }
}
