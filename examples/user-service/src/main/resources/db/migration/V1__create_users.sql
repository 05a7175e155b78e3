-- Portable across H2, PostgreSQL and MariaDB: ids as text, microsecond timestamps.
CREATE TABLE users (
    id         CHAR(36)     NOT NULL PRIMARY KEY,
    name       VARCHAR(100) NOT NULL,
    created_at TIMESTAMP(6) NOT NULL
);

CREATE INDEX users_created_at ON users (created_at, id);
