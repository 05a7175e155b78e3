/**
 * The connector SPI: what a messaging connector module (Kafka, the next broker) implements ({@link
 * org.jzenith.messaging.spi.Connector}: policies, dead letters, meters and tracing per channel, and an
 * {@link org.jzenith.messaging.spi.Outbound} per channel) and the broker-neutral types it exchanges
 * with the layer ({@link org.jzenith.messaging.spi.InboundMessage}, {@link
 * org.jzenith.messaging.spi.OutboundMessage}, {@link org.jzenith.messaging.spi.Payload}); and what every
 * connector shares: how a method's result is waited for ({@link org.jzenith.messaging.spi.Returns}),
 * the failure strategies ({@link org.jzenith.messaging.spi.FailureStrategy}), the commit strategies
 * ({@link org.jzenith.messaging.spi.CommitStrategy}) and what is done up to where ({@link
 * org.jzenith.messaging.spi.DonePositions}), what of Reactive
 * Messaging jZenith does not build ({@link org.jzenith.messaging.spi.UnsupportedMessaging}). No type of
 * any broker.
 */
package org.jzenith.messaging.spi;
