-- Events the broker refused for good (too large for their topic, not authorized, an invalid topic):
-- the relay moves each here with the error (OutboxStore.setAside), so that the events behind it, of
-- its key too, are sent instead of waiting behind it for ever. Kept with everything it was published
-- with until an operator deletes it or publishes it again (docs/messaging.md, "Events the broker
-- refuses"); never purged. Times are epoch milliseconds, as in jzenith_outbox.
CREATE TABLE jzenith_outbox_failed (
    id BIGINT PRIMARY KEY,
    event_id VARCHAR(36) NOT NULL,
    channel VARCHAR(255) NOT NULL,
    record_key VARCHAR(255),
    payload LONGBLOB NOT NULL,
    created_at BIGINT NOT NULL,
    traceparent VARCHAR(64),
    failed_at BIGINT NOT NULL,
    error VARCHAR(1000) NOT NULL
);
