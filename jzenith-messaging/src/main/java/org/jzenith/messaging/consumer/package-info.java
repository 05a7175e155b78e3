/**
 * The method model, for every connector: {@code @Incoming} methods checked at start-up and called
 * through method handles ({@link org.jzenith.messaging.consumer.IncomingMethod}), each message taken to
 * its end by a {@link org.jzenith.messaging.consumer.MessageProcessor} (read, validate, call, retry, the
 * failure strategy; the call itself where the execution rule says, on the processing virtual thread or
 * on the channel's event loop: {@code EventLoopCall}), {@code @Idempotent}
 * through the store's inbox, and the wiring a connector plugin
 * calls ({@link org.jzenith.messaging.consumer.ConsumerChannels}).
 */
package org.jzenith.messaging.consumer;
