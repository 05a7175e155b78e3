INSERT INTO items (id, name) VALUES (1, 'seeded by V2');
