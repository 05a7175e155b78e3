/**
 * The transactional outbox and idempotent inbox between a store plugin (which keeps the rows in the
 * business transaction) and a messaging plugin (which relays and consumes them). Users inject {@link
 * org.jzenith.core.outbox.Outbox}; only plugins implement these.
 */
package org.jzenith.core.spi.outbox;
