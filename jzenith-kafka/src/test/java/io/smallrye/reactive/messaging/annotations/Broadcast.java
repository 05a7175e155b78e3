package io.smallrye.reactive.messaging.annotations;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** A stand-in with SmallRye's name (SmallRye is not on the class path): jZenith knows it by name. */
@Retention(RetentionPolicy.RUNTIME)
public @interface Broadcast {
    int value() default 0;
}
