-- The TechEmpower database (FrameworkBenchmarks' create-postgres-database.sql and
-- create-postgres.sql): role benchmarkdbuser, database hello_world, tables World and Fortune.
-- Applied with psql as the postgres superuser by setup.sh; idempotent: creates only what is
-- missing. Identifiers are unquoted, so the tables are world and fortune (columns id,
-- randomnumber, message) and SQL written as World/randomNumber finds them too.
\set ON_ERROR_STOP on
SET client_min_messages = warning;

SELECT 'CREATE ROLE benchmarkdbuser LOGIN PASSWORD ''benchmarkdbpass'''
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'benchmarkdbuser')
\gexec

SELECT 'CREATE DATABASE hello_world OWNER benchmarkdbuser TEMPLATE template0 ENCODING ''UTF8'''
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'hello_world')
\gexec

-- The user service (GET /users/{id} on user.store=postgresql) migrates its own schema with Flyway,
-- so it gets an empty database of its own rather than sharing hello_world's.
SELECT 'CREATE DATABASE user_service OWNER benchmarkdbuser TEMPLATE template0 ENCODING ''UTF8'''
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'user_service')
\gexec

\connect hello_world
SET client_min_messages = warning;

BEGIN;

CREATE TABLE IF NOT EXISTS World (
  id integer NOT NULL,
  randomNumber integer NOT NULL DEFAULT 0,
  PRIMARY KEY (id)
);
ALTER TABLE World OWNER TO benchmarkdbuser;
GRANT ALL PRIVILEGES ON World TO benchmarkdbuser;

INSERT INTO World (id, randomNumber)
SELECT x.id, least(floor(random() * 10000 + 1), 10000) FROM generate_series(1, 10000) AS x(id)
ON CONFLICT (id) DO NOTHING;

CREATE TABLE IF NOT EXISTS Fortune (
  id integer NOT NULL,
  message varchar(2048) NOT NULL,
  PRIMARY KEY (id)
);
ALTER TABLE Fortune OWNER TO benchmarkdbuser;
GRANT ALL PRIVILEGES ON Fortune TO benchmarkdbuser;

INSERT INTO Fortune (id, message) VALUES
  (1, 'fortune: No such file or directory'),
  (2, 'A computer scientist is someone who fixes things that aren''t broken.'),
  (3, 'After enough decimal places, nobody gives a damn.'),
  (4, 'A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1'),
  (5, 'A computer program does what you tell it to do, not what you want it to do.'),
  (6, 'Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen'),
  (7, 'Any program that runs right is obsolete.'),
  (8, 'A list is only as strong as its weakest link. — Donald Knuth'),
  (9, 'Feature: A bug with seniority.'),
  (10, 'Computers make very fast, very accurate mistakes.'),
  (11, '<script>alert("This should not be displayed in a browser alert box.");</script>'),
  (12, 'フレームワークのベンチマーク')
ON CONFLICT (id) DO NOTHING;

COMMIT;

ANALYZE World;
ANALYZE Fortune;
