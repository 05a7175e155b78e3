-- Version 1.1, not 1: UserAuditPairIT runs the user service (whose V1 creates users) in the same JVM,
-- and both services read classpath:db/migration.
-- One row per event id: a second delivery of an event only counts up deliveries.
CREATE TABLE audit_entries (
    event_id    CHAR(36)     NOT NULL PRIMARY KEY,
    type        VARCHAR(32)  NOT NULL,
    user_id     CHAR(36)     NOT NULL,
    name        VARCHAR(100) NOT NULL,
    occurred_at TIMESTAMP(6) NOT NULL,
    deliveries  INTEGER      NOT NULL
);

CREATE INDEX audit_entries_occurred_at ON audit_entries (occurred_at, event_id);
