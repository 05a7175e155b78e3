package org.jzenith.core.configuration;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The range a {@link java.time.Duration} setting of a configuration mapping must lie in, written
 * as durations are in configuration ({@code 100ms}, {@code 2s}, {@code 10m}); checked at start-up
 * with every other problem of the configuration:
 *
 * <pre>{@code
 * @DurationRange(min = "100ms", max = "10m")
 * @WithDefault("2s")
 * Duration connectionTimeout();
 * }</pre>
 *
 * <p>It applies to {@code Duration} and {@code Optional<Duration>} (an absent value is not checked).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface DurationRange {

    /** The shortest duration allowed; empty for no lower bound (other than zero). */
    String min() default "0ms";

    /** The longest duration allowed; empty for no upper bound. */
    String max() default "";

    /** What the user should know to pick a value; optional. */
    String hint() default "";
}
