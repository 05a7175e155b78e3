/**
 * The broker-neutral side of the transactional outbox and idempotent inbox: {@link
 * org.jzenith.messaging.outbox.OutboxRelay} sends a store's events through a connector's {@link
 * org.jzenith.messaging.outbox.OutboxRelay.Sender} and sets aside those the broker refuses for good;
 * {@link org.jzenith.messaging.outbox.InboxPurge} forgets old message ids; {@link
 * org.jzenith.messaging.outbox.OutboxWiring} runs both while a connector plugin runs, the connector giving
 * only its sender. Made by connector plugins, not by applications.
 */
package org.jzenith.messaging.outbox;
