/**
 * {@code @Channel("name") Emitter<T>} for every connector: the emitter over a connector's {@link
 * org.jzenith.messaging.spi.Outbound}, its Guice binding, and the injection of {@code @Channel} fields
 * without {@code @Inject}.
 */
package org.jzenith.messaging.emitter;
