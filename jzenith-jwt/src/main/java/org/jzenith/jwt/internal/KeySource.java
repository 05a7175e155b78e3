package org.jzenith.jwt.internal;

import java.net.URI;

/** Where the keys that verify tokens come from: one PEM key, or a JSON Web Key Set at a URL. */
public sealed interface KeySource {

    /**
     * A public key given in the configuration.
     *
     * @param key the key and its algorithms
     */
    record Pem(PemPublicKey key) implements KeySource {}

    /**
     * A JSON Web Key Set fetched over HTTP.
     *
     * @param url an https URL, or http on loopback where {@code jwt.jwks-allow-insecure-loopback} allows it
     */
    record Jwks(URI url) implements KeySource {}
}
