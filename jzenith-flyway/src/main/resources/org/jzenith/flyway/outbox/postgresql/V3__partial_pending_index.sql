-- The relay's index of unsent events holds only those (a partial index; H2 and MariaDB have none):
-- a sent event leaves it instead of moving to its other end, so the relay's read of the oldest
-- unsent events, several times a second under load, walks a small index instead of one that holds
-- every event kept for outbox.retention. The purge gets an index of its own, of sent events only.
-- Under POST /users load (benchmarks/outbox.sh, OUTBOX_STORE=postgresql) this took about a fifth
-- off the server's CPU per request; see docs/messaging.md.
CREATE INDEX jzenith_outbox_unsent ON jzenith_outbox (id) WHERE sent_at IS NULL;
CREATE INDEX jzenith_outbox_sent ON jzenith_outbox (sent_at) WHERE sent_at IS NOT NULL;
DROP INDEX jzenith_outbox_pending;
