/**
 * Where an application's method is called, one rule for every kind of method jZenith calls
 * (REST resources, messaging methods): the thread its return type asks for, unless SmallRye's
 * {@code @Blocking}, {@code @RunOnVirtualThread} or {@code @NonBlocking} says otherwise.
 */
package org.jzenith.core.spi.execution;
