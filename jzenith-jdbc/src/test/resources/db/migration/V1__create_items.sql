-- Portable SQL: runs unchanged on H2 (PostgreSQL mode), PostgreSQL and MariaDB/MySQL.
CREATE TABLE items (
    id BIGINT NOT NULL PRIMARY KEY,
    name VARCHAR(200) NOT NULL
);
