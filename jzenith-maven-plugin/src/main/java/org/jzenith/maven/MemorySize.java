package org.jzenith.maven;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A memory size as the launcher's settings write it: MiB ({@code 192}) or with a unit ({@code 128m}, {@code 1g}). */
final class MemorySize {

    private static final Pattern SIZE = Pattern.compile("(\\d{1,7})([kmg]?)");

    private MemorySize() {}

    /** The size in whole MiB (kibibytes round down); empty when {@code value} is not a size. */
    static Optional<Integer> mebibytes(final String value) {
        final Matcher matcher = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            return Optional.empty();
        }
        final long amount = Long.parseLong(matcher.group(1));
        return Optional.of((int)
                switch (matcher.group(2)) {
                    case "k" -> amount / 1024;
                    case "g" -> amount * 1024;
                    default -> amount;
                });
    }
}
