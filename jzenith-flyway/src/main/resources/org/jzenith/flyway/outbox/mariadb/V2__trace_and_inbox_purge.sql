-- The trace context of the request that published an event (W3C traceparent, version 00: 55
-- characters), which the relay's send continues; NULL where the service did not trace, and for the
-- rows written before this migration.
ALTER TABLE jzenith_outbox ADD COLUMN traceparent VARCHAR(64);

-- The inbox's purge deletes by age (inbox.retention): without this index it would read the whole table.
CREATE INDEX jzenith_inbox_received ON jzenith_inbox (received_at);
