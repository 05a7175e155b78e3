package org.jzenith.jwt.internal;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.MalformedInputException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.jwt.JwtConfiguration;
import org.jzenith.jwt.MicroProfileJwtConfiguration;

/**
 * The JWT plugin's configuration, checked: the key source read (a key file is read here, at
 * start-up, off the event loop) and the required claims present; or every problem, by key, as
 * {@link SettingProblem}s that {@code JwtPlugin.validate} reports with the rest of the
 * configuration's before anything is created.
 *
 * @param keys where the verifying keys come from
 * @param claims what a token's claims must say
 * @param roles where the roles are
 * @param realm the challenge's realm
 */
public record JwtSettings(KeySource keys, ClaimsCheck claims, RolesClaim roles, String realm) {

    private static final String PUBLIC_KEY = "jwt.public-key";
    private static final String PUBLIC_KEY_FILE = "jwt.public-key-file";
    private static final String JWKS_URL = "jwt.jwks-url";
    private static final String LOCATION = "mp.jwt.verify.publickey.location";
    private static final String ISSUER = "jwt.issuer";
    private static final String AUDIENCE = "jwt.audience";
    private static final List<String> SOURCES = List.of(PUBLIC_KEY, PUBLIC_KEY_FILE, JWKS_URL);
    private static final String ONE_SOURCE = "the PEM public key that verifies tokens (" + PUBLIC_KEY + "), a file"
            + " holding it (" + PUBLIC_KEY_FILE + ") or the URL of the issuer's JSON Web Key Set (" + JWKS_URL + ")";

    /** What is wrong with {@code configuration}, every key; empty when the plugin can start with it. */
    public static List<SettingProblem> problems(
            final JwtConfiguration configuration, final MicroProfileJwtConfiguration microProfile) {
        final List<SettingProblem> problems = new ArrayList<>();
        read(configuration, microProfile, problems);
        return List.copyOf(problems);
    }

    /** Whether the keys come from a key set URL (fetched, so the plugin has a health check). */
    public static boolean fetchesKeys(
            final JwtConfiguration configuration, final MicroProfileJwtConfiguration microProfile) {
        return configuration.jwksUrl().isPresent()
                || microProfile
                        .verify()
                        .publickeyLocation()
                        .filter(JwtSettings::isUrl)
                        .isPresent();
    }

    /**
     * The settings {@code configuration} describes.
     *
     * @throws IllegalArgumentException naming every key of the {@link #problems}, when there are any
     */
    public static JwtSettings of(
            final JwtConfiguration configuration, final MicroProfileJwtConfiguration microProfile) {
        final List<SettingProblem> problems = new ArrayList<>();
        final Optional<JwtSettings> settings = read(configuration, microProfile, problems);
        SettingProblem.requireNone(problems);
        return settings.orElseThrow();
    }

    /** The settings, adding to {@code problems} every one found; empty when there is any. */
    private static Optional<JwtSettings> read(
            final JwtConfiguration configuration,
            final MicroProfileJwtConfiguration microProfile,
            final List<SettingProblem> problems) {
        final MicroProfileJwtConfiguration.Verify mp = microProfile.verify();
        final Optional<KeySource> keys = keySource(configuration, mp, problems);
        final Optional<Given> issuer = either(
                Given.of(ISSUER, configuration.issuer()), Given.of("mp.jwt.verify.issuer", mp.issuer()), problems);
        if (issuer.filter(given -> !given.value().isBlank()).isEmpty()) {
            problems.add(new SettingProblem(
                    ISSUER, "the issuer tokens must name in iss, such as https://id.example.com/realms/shop"));
        }
        final Optional<Given> audienceGiven = either(
                Given.of(AUDIENCE, configuration.audience().map(JwtSettings::joined)),
                Given.of("mp.jwt.verify.audiences", mp.audiences().map(JwtSettings::joined)),
                problems);
        final List<String> audience = audienceGiven.stream()
                .flatMap(given -> List.of(given.value().split(",")).stream())
                .map(String::strip)
                .filter(a -> !a.isEmpty())
                .toList();
        if (configuration.verifyAudience() && audience.isEmpty()) {
            problems.add(new SettingProblem(
                    AUDIENCE,
                    "the audience (or several, separated by commas) tokens must name in aud; to accept tokens"
                            + " for any audience, as MicroProfile JWT does without mp.jwt.verify.audiences, set"
                            + " jwt.verify-audience=false"));
        }
        if (!configuration.verifyAudience() && !audience.isEmpty()) {
            problems.add(new SettingProblem(
                    "jwt.verify-audience",
                    "true (or no value), as " + audienceGiven.orElseThrow().key() + " names the audiences to"
                            + " check; or remove " + audienceGiven.orElseThrow().key()));
        }
        if (configuration.rolesClaim().isBlank()) {
            problems.add(new SettingProblem("jwt.roles-claim", "a claim name, such as groups or realm_access.roles"));
        }
        if (keys.isEmpty() || !problems.isEmpty()) {
            return Optional.empty();
        }
        final Duration skew = configuration.clockSkew();
        return Optional.of(new JwtSettings(
                keys.get(),
                new ClaimsCheck(issuer.orElseThrow().value(), Set.copyOf(audience), skew),
                new RolesClaim(configuration.rolesClaim()),
                configuration.realm()));
    }

    /**
     * One setting as given under one of its names.
     *
     * @param key the key it was given under
     * @param value its value
     */
    private record Given(String key, String value) {
        static Optional<Given> of(final String key, final Optional<String> value) {
            return value.map(v -> new Given(key, v));
        }
    }

    /** The setting given under one of its two names; both given is a problem for each. */
    private static Optional<Given> either(
            final Optional<Given> own, final Optional<Given> alias, final List<SettingProblem> problems) {
        if (own.isPresent() && alias.isPresent()) {
            problems.add(new SettingProblem(
                    alias.get().key(),
                    "no value, as " + own.get().key() + " is the same setting and is set too: keep one of them"));
            return own;
        }
        return own.isPresent() ? own : alias;
    }

    private static String joined(final List<String> values) {
        return String.join(",", values);
    }

    private static boolean isUrl(final String location) {
        final String lower = location.toLowerCase(java.util.Locale.ROOT);
        return lower.startsWith("https://") || lower.startsWith("http://");
    }

    private static Optional<KeySource> keySource(
            final JwtConfiguration configuration,
            final MicroProfileJwtConfiguration.Verify mp,
            final List<SettingProblem> problems) {
        final List<Given> given = new ArrayList<>();
        Given.of(PUBLIC_KEY, configuration.publicKey()).ifPresent(given::add);
        Given.of("mp.jwt.verify.publickey", mp.publickey()).ifPresent(given::add);
        Given.of(PUBLIC_KEY_FILE, configuration.publicKeyFile()).ifPresent(given::add);
        Given.of(JWKS_URL, configuration.jwksUrl()).ifPresent(given::add);
        Given.of(LOCATION, mp.publickeyLocation()).ifPresent(given::add);
        if (given.isEmpty()) {
            // Named together: any one of them is the fix.
            problems.add(new SettingProblem(String.join(", ", SOURCES), "one of them: " + ONE_SOURCE));
            return Optional.empty();
        }
        if (given.size() > 1) {
            // Each set key on its own, so that the report says where each value came from.
            for (final Given one : given) {
                final List<String> others = given.stream()
                        .map(Given::key)
                        .filter(other -> !other.equals(one.key()))
                        .toList();
                problems.add(new SettingProblem(
                        one.key(),
                        "no value, as " + String.join(" and ", others) + (others.size() == 1 ? " is" : " are")
                                + " set too: keep exactly one of " + ONE_SOURCE));
            }
            // What is set is still checked, so that one report names every key to fix.
            given.forEach(one -> source(one, configuration, problems));
            return Optional.empty();
        }
        return source(given.getFirst(), configuration, problems);
    }

    private static Optional<KeySource> source(
            final Given given, final JwtConfiguration configuration, final List<SettingProblem> problems) {
        return switch (given.key()) {
            case PUBLIC_KEY, "mp.jwt.verify.publickey" -> pem(given.value(), given.key(), "", problems);
            case PUBLIC_KEY_FILE -> pemFile(given.value(), PUBLIC_KEY_FILE, problems);
            case JWKS_URL -> jwks(given.value(), JWKS_URL, configuration.jwksAllowInsecureLoopback(), problems);
            default -> location(given.value(), configuration, problems);
        };
    }

    /** {@code mp.jwt.verify.publickey.location}: a key set URL, a file, or a class path resource. */
    private static Optional<KeySource> location(
            final String location, final JwtConfiguration configuration, final List<SettingProblem> problems) {
        if (isUrl(location)) {
            return jwks(location, LOCATION, configuration.jwksAllowInsecureLoopback(), problems);
        }
        final String resource =
                location.startsWith("classpath:") ? location.substring("classpath:".length()) : location;
        if (location.startsWith("classpath:") || !Files.exists(Path.of(location))) {
            final ClassLoader loader = Thread.currentThread().getContextClassLoader();
            try (java.io.InputStream in = loader == null ? null : loader.getResourceAsStream(strip(resource))) {
                if (in != null) {
                    return pem(
                            new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
                            LOCATION,
                            " in the class path resource " + resource,
                            problems);
                }
            } catch (final IOException e) {
                problems.add(new SettingProblem(
                        LOCATION,
                        "a readable PEM public key, but the class path resource " + resource + " cannot be read: "
                                + e.getMessage()));
                return Optional.empty();
            }
            if (location.startsWith("classpath:")) {
                problems.add(new SettingProblem(
                        LOCATION, "a PEM public key on the class path, but there is no resource " + resource));
                return Optional.empty();
            }
        }
        return pemFile(location, LOCATION, problems);
    }

    private static String strip(final String resource) {
        return resource.startsWith("/") ? resource.substring(1) : resource;
    }

    private static Optional<KeySource> pemFile(
            final String file, final String key, final List<SettingProblem> problems) {
        final String pem;
        try {
            pem = Files.readString(Path.of(file));
        } catch (final IOException | RuntimeException e) {
            problems.add(new SettingProblem(
                    key, "a readable file holding a PEM public key, but " + file + " " + whyUnreadable(e)));
            return Optional.empty();
        }
        return pem(pem, key, " in " + file, problems);
    }

    private static String whyUnreadable(final Exception failure) {
        return switch (failure) {
            case NoSuchFileException missing -> "does not exist";
            case AccessDeniedException denied -> "may not be read by this process";
            case MalformedInputException text -> "is not text";
            default -> "cannot be read: " + failure.getMessage();
        };
    }

    private static Optional<KeySource> pem(
            final String pem, final String key, final String where, final List<SettingProblem> problems) {
        final StringBuilder problem = new StringBuilder();
        final Optional<PemPublicKey> read = PemPublicKey.read(pem, problem);
        if (read.isEmpty()) {
            problems.add(new SettingProblem(
                    key, "a PEM public key (-----BEGIN PUBLIC KEY-----, RSA or EC), but found " + problem + where));
        }
        return read.map(KeySource.Pem::new);
    }

    /**
     * An https URL; plain http only where {@code jwt.jwks-allow-insecure-loopback} allows it and the
     * host is this machine's: anyone on the path of a plain fetch could hand over keys of their own
     * and sign any token.
     */
    private static Optional<KeySource> jwks(
            final String url, final String key, final boolean insecureLoopback, final List<SettingProblem> problems) {
        final Optional<URI> uri = parsed(url);
        if (uri.isEmpty()) {
            problems.add(new SettingProblem(
                    key, "an https URL of the issuer's key set, such as https://id.example.com/certs"));
            return Optional.empty();
        }
        final URI checked = uri.get();
        if ("https".equalsIgnoreCase(checked.getScheme()) || (insecureLoopback && LoopbackHost.is(checked.getHost()))) {
            return Optional.of(new KeySource.Jwks(checked));
        }
        problems.add(new SettingProblem(
                key,
                insecureLoopback
                        ? "an https URL: jwt.jwks-allow-insecure-loopback allows plain http only for 127.0.0.1,"
                                + " ::1 or localhost"
                        : "an https URL: over plain http anyone on the path can swap the keys that verify"
                                + " tokens (for a key server on this machine in a test, set"
                                + " jwt.jwks-allow-insecure-loopback=true)"));
        return Optional.empty();
    }

    /** An http or https URL with a host; empty for anything else. */
    private static Optional<URI> parsed(final String url) {
        try {
            final URI uri = new URI(url);
            final boolean web = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
            return web && uri.getHost() != null ? Optional.of(uri) : Optional.empty();
        } catch (final URISyntaxException e) {
            return Optional.empty();
        }
    }
}
