package org.jzenith.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One CQL migration: a class path resource named {@code V<version>__<description>.cql}, such as
 * {@code db/cassandra/V1__create_users.cql}, its text and the SHA-256 of that text, by which a file
 * changed after it was applied is recognised.
 *
 * @param resource where it is on the class path
 * @param version its version, the number after {@code V}
 * @param description the words after {@code __}, with {@code _} as spaces
 * @param text its CQL
 * @param checksum the SHA-256 of its text, in hex
 */
record CqlMigration(String resource, int version, String description, String text, String checksum) {

    private static final Pattern NAME = Pattern.compile("V([0-9]{1,9})__([A-Za-z0-9_]+)\\.cql");

    /** What is wrong with the resource name {@code resource}, if anything. */
    static Optional<String> nameProblem(final String resource, final ClassLoader loader) {
        final String file = resource.substring(resource.lastIndexOf('/') + 1);
        if (!NAME.matcher(file).matches()) {
            return Optional.of(resource + ": a migration is named V<version>__<description>.cql, such as"
                    + " V1__create_users.cql");
        }
        if (loader.getResource(resource) == null) {
            return Optional.of(resource + " is not on the class path");
        }
        return Optional.empty();
    }

    /** The migration at {@code resource}; its name passed {@link #nameProblem}. */
    static CqlMigration load(final String resource, final ClassLoader loader) {
        final Matcher name = NAME.matcher(resource.substring(resource.lastIndexOf('/') + 1));
        if (!name.matches()) {
            throw new IllegalArgumentException(nameProblem(resource, loader).orElseThrow());
        }
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException(resource + " is not on the class path");
            }
            final String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new CqlMigration(
                    resource, Integer.parseInt(name.group(1)), name.group(2).replace('_', ' '), text, sha256(text));
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read the migration " + resource, e);
        }
    }

    /** Its statements. */
    List<String> statements() {
        return CqlScript.statements(text);
    }

    private static String sha256(final String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
