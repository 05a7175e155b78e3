INSERT INTO items (id, ref, name, kind, quantity, created_at)
VALUES (1, '3f2b8c1e-5a4d-4c1e-9f0a-0123456789ab', 'seeded by V2', 'TOOL', NULL, TIMESTAMP '2024-02-29 12:34:56.789012');
