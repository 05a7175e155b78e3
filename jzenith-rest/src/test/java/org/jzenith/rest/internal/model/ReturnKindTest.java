package org.jzenith.rest.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.vertx.core.Future;
import jakarta.ws.rs.core.Response;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class ReturnKindTest {

    private static final List<String> RX_JAVA_TYPES = List.of(
            "io.reactivex.rxjava3.core.Single",
            "io.reactivex.rxjava3.core.Maybe",
            "io.reactivex.rxjava3.core.Completable",
            "io.reactivex.rxjava3.core.Flowable",
            "io.reactivex.rxjava3.core.Observable");

    @Test
    void eachReturnTypeHasItsKind() {
        assertThat(ReturnKind.of(Single.class)).isEqualTo(ReturnKind.SINGLE);
        assertThat(ReturnKind.of(Maybe.class)).isEqualTo(ReturnKind.MAYBE);
        assertThat(ReturnKind.of(Completable.class)).isEqualTo(ReturnKind.COMPLETABLE);
        assertThat(ReturnKind.of(Flowable.class)).isEqualTo(ReturnKind.FLOWABLE);
        assertThat(ReturnKind.of(Observable.class)).isEqualTo(ReturnKind.OBSERVABLE);
        assertThat(ReturnKind.of(CompletionStage.class)).isEqualTo(ReturnKind.COMPLETION_STAGE);
        assertThat(ReturnKind.of(CompletableFuture.class)).isEqualTo(ReturnKind.COMPLETION_STAGE);
        assertThat(ReturnKind.of(Future.class)).isEqualTo(ReturnKind.FUTURE);
        assertThat(ReturnKind.of(Response.class)).isEqualTo(ReturnKind.RESPONSE);
        assertThat(ReturnKind.of(Optional.class)).isEqualTo(ReturnKind.OPTIONAL);
        assertThat(ReturnKind.of(void.class)).isEqualTo(ReturnKind.VOID);
        assertThat(ReturnKind.of(Void.class)).isEqualTo(ReturnKind.VOID);
        assertThat(ReturnKind.of(String.class)).isEqualTo(ReturnKind.VALUE);
        assertThat(ReturnKind.of(Object.class)).isEqualTo(ReturnKind.VALUE);
    }

    /**
     * An AOT cache links every class its training run loaded, and linking Flowable or Observable
     * loads hundreds of operator classes: telling the kind of a plain type must load none of RxJava.
     */
    @Test
    void tellingAPlainTypeLoadsNoRxJavaType() throws Exception {
        final URL[] code = {
            ReturnKind.class.getProtectionDomain().getCodeSource().getLocation(),
            Flowable.class.getProtectionDomain().getCodeSource().getLocation()
        };
        try (IsolatedLoader loader = new IsolatedLoader(code, ReturnKindTest.class.getClassLoader())) {
            final Class<?> kinds = loader.loadClass(ReturnKind.class.getName());
            assertThat(kinds.getClassLoader()).isSameAs(loader);

            final Object kind = kinds.getMethod("of", Class.class).invoke(null, String.class);

            assertThat(kind).hasToString("VALUE");
            assertThat(RX_JAVA_TYPES).noneMatch(loader::hasLoaded);
            // And the loader does load them when asked, so the assertion above can fail.
            assertThat(kinds.getMethod("of", Class.class).invoke(null, loader.loadClass(Flowable.class.getName())))
                    .hasToString("FLOWABLE");
            assertThat(loader.hasLoaded(Flowable.class.getName())).isTrue();
        }
    }

    /** Loads ReturnKind and RxJava itself, everything else from its parent, and says what it loaded. */
    private static final class IsolatedLoader extends URLClassLoader {

        IsolatedLoader(final URL[] urls, final ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(ReturnKind.class.getName()) && !name.startsWith("io.reactivex.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                final Class<?> known = findLoadedClass(name);
                return known != null ? known : findClass(name);
            }
        }

        boolean hasLoaded(final String name) {
            return findLoadedClass(name) != null;
        }
    }
}
