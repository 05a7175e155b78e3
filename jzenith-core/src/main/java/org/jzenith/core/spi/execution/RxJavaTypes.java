package org.jzenith.core.spi.execution;

/**
 * RxJava 3's reactive types by name, for the modules that must tell them apart without loading them.
 * RxJava is optional, and a class literal would load the type in every service: an AOT cache links
 * every class its training run loaded, and linking {@code Flowable} and {@code Observable} loads
 * hundreds of their operator classes, which every start then loads again.
 *
 * <pre>{@code
 * boolean flowable = RxJavaTypes.FLOWABLE.equals(returnType.getName());
 * }</pre>
 */
public final class RxJavaTypes {

    /** {@code io.reactivex.rxjava3.core.Single}. */
    public static final String SINGLE = "io.reactivex.rxjava3.core.Single";

    /** {@code io.reactivex.rxjava3.core.Maybe}. */
    public static final String MAYBE = "io.reactivex.rxjava3.core.Maybe";

    /** {@code io.reactivex.rxjava3.core.Completable}. */
    public static final String COMPLETABLE = "io.reactivex.rxjava3.core.Completable";

    /** {@code io.reactivex.rxjava3.core.Flowable}. */
    public static final String FLOWABLE = "io.reactivex.rxjava3.core.Flowable";

    /** {@code io.reactivex.rxjava3.core.Observable}. */
    public static final String OBSERVABLE = "io.reactivex.rxjava3.core.Observable";

    private RxJavaTypes() {}
}
