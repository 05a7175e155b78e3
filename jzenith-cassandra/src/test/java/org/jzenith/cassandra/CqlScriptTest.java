package org.jzenith.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CqlScriptTest {

    @Test
    void splitsOnSemicolonsOutsideStringsNamesAndBodies() {
        assertThat(CqlScript.statements("""
                        -- a comment; not a statement
                        CREATE TABLE t (id int PRIMARY KEY, "odd;name" text); // trailing
                        INSERT INTO t (id, "odd;name") VALUES (1, 'it''s; fine');
                        /* block; comment */ CREATE FUNCTION f() RETURNS int LANGUAGE java AS $$ return 1; $$;
                        ;
                        SELECT * FROM t
                        """))
                .containsExactly(
                        "CREATE TABLE t (id int PRIMARY KEY, \"odd;name\" text)",
                        "INSERT INTO t (id, \"odd;name\") VALUES (1, 'it''s; fine')",
                        "CREATE FUNCTION f() RETURNS int LANGUAGE java AS $$ return 1; $$",
                        "SELECT * FROM t");
    }

    @Test
    void aFileOfCommentsHasNoStatement() {
        assertThat(CqlScript.statements("-- nothing\n/* at all */\n")).isEmpty();
    }
}
