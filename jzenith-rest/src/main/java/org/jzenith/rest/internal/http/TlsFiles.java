package org.jzenith.rest.internal.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PfxOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jzenith.rest.RestConfiguration;

/**
 * Where the server's key and certificate come from: a PEM pair or a PKCS#12 key store. They are
 * read as values rather than handed to Vert.x as paths, so that a reload can tell whether their
 * content changed.
 */
public sealed interface TlsFiles {

    /** The files configured under {@code rest.tls}; empty when TLS is off (or misconfigured, which validation reports). */
    static Optional<TlsFiles> of(final RestConfiguration.Tls tls) {
        if (tls.certificate().isPresent() && tls.privateKey().isPresent()) {
            return Optional.of(new Pem(
                    Path.of(tls.certificate().get()), Path.of(tls.privateKey().get())));
        }
        return tls.keyStore()
                .map(store ->
                        new KeyStore(Path.of(store), tls.keyStorePassword().orElse("")));
    }

    /** The files, to name in messages. */
    List<Path> paths();

    /** Reads the files as they are now. */
    KeyMaterial read() throws IOException;

    /** A PEM certificate chain and its private key. */
    record Pem(Path certificate, Path privateKey) implements TlsFiles {
        @Override
        public List<Path> paths() {
            return List.of(certificate, privateKey);
        }

        @Override
        public KeyMaterial read() throws IOException {
            final Buffer cert = Buffer.buffer(Files.readAllBytes(certificate));
            final Buffer key = Buffer.buffer(Files.readAllBytes(privateKey));
            return new KeyMaterial(
                    new PemKeyCertOptions().setCertValue(cert).setKeyValue(key),
                    cert.copy().appendBuffer(key));
        }
    }

    /** A PKCS#12 key store and its password. */
    record KeyStore(Path keyStore, String password) implements TlsFiles {
        @Override
        public List<Path> paths() {
            return List.of(keyStore);
        }

        @Override
        public KeyMaterial read() throws IOException {
            final Buffer store = Buffer.buffer(Files.readAllBytes(keyStore));
            return new KeyMaterial(new PfxOptions().setValue(store).setPassword(password), store);
        }

        @Override
        public String toString() {
            return "KeyStore[" + keyStore + "]"; // never the password
        }
    }

    /**
     * What was read: the options to serve with and the files' content, to compare with a later read.
     *
     * @param options the key and certificate for Vert.x
     * @param content the files' bytes, one after the other
     */
    record KeyMaterial(KeyCertOptions options, Buffer content) {}
}
