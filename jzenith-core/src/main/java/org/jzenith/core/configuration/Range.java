package org.jzenith.core.configuration;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The range a whole-number setting of a configuration mapping must lie in, checked at start-up
 * before anything is created, together with every other problem of the configuration:
 *
 * <pre>{@code
 * @Range(min = 0, max = 65535, hint = "0 picks a free port")
 * @WithDefault("8080")
 * int port();
 * }</pre>
 *
 * <p>It applies to {@code int}, {@code long}, their boxes and {@code OptionalInt}, {@code
 * OptionalLong} or {@code Optional<Integer>}/{@code Optional<Long>} (an absent value is not
 * checked). A value out of range is reported with its key, where it came from and the range.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Range {

    /** The smallest value allowed. */
    long min() default Long.MIN_VALUE;

    /** The largest value allowed. */
    long max() default Long.MAX_VALUE;

    /** What the user should know to pick a value, such as {@code "0 picks a free port"}; optional. */
    String hint() default "";
}
