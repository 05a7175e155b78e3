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
import org.jzenith.jwt.JwtConfiguration;

/**
 * The JWT plugin's configuration, checked: the key source read (a key file is read here, at
 * start-up, off the event loop) and the required claims present; or every problem, by key.
 *
 * @param keys where the verifying keys come from
 * @param claims what a token's claims must say
 * @param roles where the roles are
 * @param realm the challenge's realm
 */
public record JwtSettings(KeySource keys, ClaimsCheck claims, RolesClaim roles, String realm) {

    private static final String SOURCES = "jwt.public-key, jwt.public-key-file, jwt.jwks-url";

    /**
     * A setting that is not right.
     *
     * @param key the configuration key, or the keys that together are not right
     * @param expected what it should be
     * @param ofSeveral whether it is about several keys (reported as one problem, not one key's value)
     */
    public record Problem(String key, String expected, boolean ofSeveral) {

        Problem(final String key, final String expected) {
            this(key, expected, false);
        }
    }

    /**
     * The settings, or what is wrong with them.
     *
     * @param settings present when there is no problem
     * @param problems every problem found
     */
    public record Checked(Optional<JwtSettings> settings, List<Problem> problems) {}

    /** Reads and checks {@code configuration}. */
    public static Checked read(final JwtConfiguration configuration) {
        final List<Problem> problems = new ArrayList<>();
        final Optional<KeySource> keys = keySource(configuration, problems);
        if (configuration.issuer().filter(issuer -> !issuer.isBlank()).isEmpty()) {
            problems.add(new Problem(
                    "jwt.issuer", "the issuer tokens must name in iss, such as https://id.example.com/realms/shop"));
        }
        final List<String> audience = configuration.audience().orElse(List.of()).stream()
                .map(String::strip)
                .filter(a -> !a.isEmpty())
                .toList();
        if (audience.isEmpty()) {
            problems.add(new Problem(
                    "jwt.audience", "the audience (or several, separated by commas) tokens must name in aud"));
        }
        if (configuration.rolesClaim().isBlank()) {
            problems.add(new Problem("jwt.roles-claim", "a claim name, such as groups or realm_access.roles"));
        }
        if (!problems.isEmpty()) {
            return new Checked(Optional.empty(), List.copyOf(problems));
        }
        final Duration skew = configuration.clockSkew();
        return new Checked(
                Optional.of(new JwtSettings(
                        keys.orElseThrow(),
                        new ClaimsCheck(configuration.issuer().orElseThrow(), Set.copyOf(audience), skew),
                        new RolesClaim(configuration.rolesClaim()),
                        configuration.realm())),
                List.of());
    }

    private static Optional<KeySource> keySource(final JwtConfiguration configuration, final List<Problem> problems) {
        final int given = (configuration.publicKey().isPresent() ? 1 : 0)
                + (configuration.publicKeyFile().isPresent() ? 1 : 0)
                + (configuration.jwksUrl().isPresent() ? 1 : 0);
        if (given != 1) {
            problems.add(new Problem(
                    SOURCES,
                    (given == 0 ? "none is set" : given + " are set")
                            + ": set exactly one, the PEM public key that verifies tokens, a file holding it,"
                            + " or the URL of the issuer's JSON Web Key Set",
                    true));
            // What is set is still checked, so that one report names every key to fix.
            configuration.publicKey().ifPresent(pem -> pem(pem, "jwt.public-key", "", problems));
            configuration.publicKeyFile().ifPresent(file -> pemFile(file, problems));
            configuration.jwksUrl().ifPresent(url -> jwks(url, configuration.jwksAllowInsecureLoopback(), problems));
            return Optional.empty();
        }
        if (configuration.publicKey().isPresent()) {
            return pem(configuration.publicKey().get(), "jwt.public-key", "", problems);
        }
        if (configuration.publicKeyFile().isPresent()) {
            return pemFile(configuration.publicKeyFile().get(), problems);
        }
        return jwks(configuration.jwksUrl().orElseThrow(), configuration.jwksAllowInsecureLoopback(), problems);
    }

    private static Optional<KeySource> pemFile(final String file, final List<Problem> problems) {
        final String pem;
        try {
            pem = Files.readString(Path.of(file));
        } catch (final IOException | RuntimeException e) {
            problems.add(new Problem(
                    "jwt.public-key-file",
                    "a readable file holding a PEM public key, but " + file + " " + whyUnreadable(e)));
            return Optional.empty();
        }
        return pem(pem, "jwt.public-key-file", " in " + file, problems);
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
            final String pem, final String key, final String where, final List<Problem> problems) {
        final StringBuilder problem = new StringBuilder();
        final Optional<PemPublicKey> read = PemPublicKey.read(pem, problem);
        if (read.isEmpty()) {
            problems.add(new Problem(
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
            final String url, final boolean insecureLoopback, final List<Problem> problems) {
        final Optional<URI> uri = parsed(url);
        if (uri.isEmpty()) {
            problems.add(new Problem(
                    "jwt.jwks-url", "an https URL of the issuer's key set, such as https://id.example.com/certs"));
            return Optional.empty();
        }
        final URI checked = uri.get();
        if ("https".equalsIgnoreCase(checked.getScheme()) || (insecureLoopback && LoopbackHost.is(checked.getHost()))) {
            return Optional.of(new KeySource.Jwks(checked));
        }
        problems.add(new Problem(
                "jwt.jwks-url",
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
