package org.jzenith.jwt;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithName;
import java.util.List;
import java.util.Optional;

/**
 * MicroProfile JWT's own names for the JWT plugin's settings, read as aliases so that a Quarkus or
 * Open Liberty {@code application.properties} translates line by line. Each is the same setting as
 * its {@code jwt.} twin; setting both is a start-up error. Other {@code mp.jwt.} keys are reported
 * as unknown.
 *
 * <pre>
 * mp.jwt.verify.publickey.location=publicKey.pem   # jwt.public-key-file, or a class path resource, or an https key set (jwt.jwks-url)
 * mp.jwt.verify.publickey=-----BEGIN PUBLIC KEY-----... # jwt.public-key
 * mp.jwt.verify.issuer=https://example.com/issuer   # jwt.issuer
 * mp.jwt.verify.audiences=orders                   # jwt.audience
 * </pre>
 */
@ConfigMapping(prefix = "mp.jwt")
public interface MicroProfileJwtConfiguration {

    /** The {@code mp.jwt.verify.} settings. */
    Verify verify();

    /** How tokens are verified, under {@code mp.jwt.verify.}. */
    interface Verify {

        /** The PEM public key: {@code jwt.public-key}. */
        Optional<String> publickey();

        /**
         * Where the public key is: an {@code https} URL of a JSON Web Key Set ({@code jwt.jwks-url}),
         * a file ({@code jwt.public-key-file}), or a resource on the class path, as Quarkus reads
         * {@code publicKey.pem} from {@code src/main/resources} ({@code classpath:} prefix optional).
         */
        @WithName("publickey.location")
        Optional<String> publickeyLocation();

        /** The issuer tokens must name: {@code jwt.issuer}. */
        Optional<String> issuer();

        /** The audiences of which {@code aud} must name one: {@code jwt.audience}. */
        Optional<List<String>> audiences();
    }
}
