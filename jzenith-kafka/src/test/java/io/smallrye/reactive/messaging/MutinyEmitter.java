package io.smallrye.reactive.messaging;

/** A stand-in with SmallRye's name (SmallRye is not on the class path): jZenith knows it by name. */
public interface MutinyEmitter<T> {}
