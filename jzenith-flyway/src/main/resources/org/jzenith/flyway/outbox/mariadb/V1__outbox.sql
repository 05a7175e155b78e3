-- The transactional outbox and idempotent inbox of jZenith's JDBC plugin (JdbcPlugin.withOutbox()).
-- Times are epoch milliseconds: one representation on every database, no time zone to get wrong.
CREATE TABLE jzenith_outbox (
    id BIGINT AUTO_INCREMENT PRIMARY KEY,
    event_id VARCHAR(36) NOT NULL,
    channel VARCHAR(255) NOT NULL,
    record_key VARCHAR(255),
    payload LONGBLOB NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX jzenith_outbox_pending ON jzenith_outbox (sent_at, id);

-- One row: which instance relays, until when.
CREATE TABLE jzenith_outbox_lease (
    name VARCHAR(64) PRIMARY KEY,
    owner VARCHAR(128),
    until_ms BIGINT NOT NULL
);
INSERT INTO jzenith_outbox_lease (name, owner, until_ms) VALUES ('relay', NULL, 0);

CREATE TABLE jzenith_inbox (
    message_id VARCHAR(255) PRIMARY KEY,
    channel VARCHAR(255) NOT NULL,
    received_at BIGINT NOT NULL
);
