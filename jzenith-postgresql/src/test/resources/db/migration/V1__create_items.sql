CREATE TABLE items (
    id         BIGINT       NOT NULL PRIMARY KEY,
    ref        CHAR(36)     NOT NULL,
    name       VARCHAR(200) NOT NULL,
    kind       VARCHAR(20)  NOT NULL,
    quantity   INTEGER,
    created_at TIMESTAMP(6) NOT NULL
);
