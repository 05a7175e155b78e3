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
    private static final List<String> SOURCES = List.of(PUBLIC_KEY, PUBLIC_KEY_FILE, JWKS_URL);
    private static final String ONE_SOURCE = "the PEM public key that verifies tokens (" + PUBLIC_KEY + "), a file"
            + " holding it (" + PUBLIC_KEY_FILE + ") or the URL of the issuer's JSON Web Key Set (" + JWKS_URL + ")";

    /** What is wrong with {@code configuration}, every key; empty when the plugin can start with it. */
    public static List<SettingProblem> problems(final JwtConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        read(configuration, problems);
        return List.copyOf(problems);
    }

    /**
     * The settings {@code configuration} describes.
     *
     * @throws IllegalArgumentException naming every key of the {@link #problems}, when there are any
     */
    public static JwtSettings of(final JwtConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        final Optional<JwtSettings> settings = read(configuration, problems);
        SettingProblem.requireNone(problems);
        return settings.orElseThrow();
    }

    /** The settings, adding to {@code problems} every one found; empty when there is any. */
    private static Optional<JwtSettings> read(
            final JwtConfiguration configuration, final List<SettingProblem> problems) {
        final Optional<KeySource> keys = keySource(configuration, problems);
        if (configuration.issuer().filter(issuer -> !issuer.isBlank()).isEmpty()) {
            problems.add(new SettingProblem(
                    "jwt.issuer", "the issuer tokens must name in iss, such as https://id.example.com/realms/shop"));
        }
        final List<String> audience = configuration.audience().orElse(List.of()).stream()
                .map(String::strip)
                .filter(a -> !a.isEmpty())
                .toList();
        if (audience.isEmpty()) {
            problems.add(new SettingProblem(
                    "jwt.audience", "the audience (or several, separated by commas) tokens must name in aud"));
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
                new ClaimsCheck(configuration.issuer().orElseThrow(), Set.copyOf(audience), skew),
                new RolesClaim(configuration.rolesClaim()),
                configuration.realm()));
    }

    private static Optional<KeySource> keySource(
            final JwtConfiguration configuration, final List<SettingProblem> problems) {
        final List<String> given = new ArrayList<>();
        configuration.publicKey().ifPresent(set -> given.add(PUBLIC_KEY));
        configuration.publicKeyFile().ifPresent(set -> given.add(PUBLIC_KEY_FILE));
        configuration.jwksUrl().ifPresent(set -> given.add(JWKS_URL));
        if (given.isEmpty()) {
            // Named together: any one of them is the fix.
            problems.add(new SettingProblem(String.join(", ", SOURCES), "one of them: " + ONE_SOURCE));
            return Optional.empty();
        }
        if (given.size() > 1) {
            // Each set key on its own, so that the report says where each value came from.
            for (final String key : given) {
                final List<String> others =
                        given.stream().filter(other -> !other.equals(key)).toList();
                problems.add(new SettingProblem(
                        key,
                        "no value, as " + String.join(" and ", others) + (others.size() == 1 ? " is" : " are")
                                + " set too: keep exactly one of " + ONE_SOURCE));
            }
            // What is set is still checked, so that one report names every key to fix.
            configuration.publicKey().ifPresent(pem -> pem(pem, PUBLIC_KEY, "", problems));
            configuration.publicKeyFile().ifPresent(file -> pemFile(file, problems));
            configuration.jwksUrl().ifPresent(url -> jwks(url, configuration.jwksAllowInsecureLoopback(), problems));
            return Optional.empty();
        }
        if (configuration.publicKey().isPresent()) {
            return pem(configuration.publicKey().get(), PUBLIC_KEY, "", problems);
        }
        if (configuration.publicKeyFile().isPresent()) {
            return pemFile(configuration.publicKeyFile().get(), problems);
        }
        return jwks(configuration.jwksUrl().orElseThrow(), configuration.jwksAllowInsecureLoopback(), problems);
    }

    private static Optional<KeySource> pemFile(final String file, final List<SettingProblem> problems) {
        final String pem;
        try {
            pem = Files.readString(Path.of(file));
        } catch (final IOException | RuntimeException e) {
            problems.add(new SettingProblem(
                    PUBLIC_KEY_FILE, "a readable file holding a PEM public key, but " + file + " " + whyUnreadable(e)));
            return Optional.empty();
        }
        return pem(pem, PUBLIC_KEY_FILE, " in " + file, problems);
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
            final String url, final boolean insecureLoopback, final List<SettingProblem> problems) {
        final Optional<URI> uri = parsed(url);
        if (uri.isEmpty()) {
            problems.add(new SettingProblem(
                    JWKS_URL, "an https URL of the issuer's key set, such as https://id.example.com/certs"));
            return Optional.empty();
        }
        final URI checked = uri.get();
        if ("https".equalsIgnoreCase(checked.getScheme()) || (insecureLoopback && LoopbackHost.is(checked.getHost()))) {
            return Optional.of(new KeySource.Jwks(checked));
        }
        problems.add(new SettingProblem(
                JWKS_URL,
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
