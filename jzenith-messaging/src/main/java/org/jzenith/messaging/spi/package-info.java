/**
 * What a messaging connector module (Kafka, and the next broker) shares with every other: how a
 * method's result is waited for ({@link org.jzenith.messaging.spi.Returns}), which stream types are
 * refused ({@link org.jzenith.messaging.spi.Streams}), what of Reactive Messaging jZenith does not
 * build ({@link org.jzenith.messaging.spi.UnsupportedMessaging}), and the {@code @Channel} key of an
 * emitter ({@link org.jzenith.messaging.spi.ChannelLiteral}). Broker-neutral: no type of any broker.
 */
package org.jzenith.messaging.spi;
