package org.jzenith.jdbc;

import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/** The outbox contract on an in-memory H2 in PostgreSQL mode, as the embedded default runs it. */
class OutboxStoreH2Test extends OutboxStoreContract {

    @Override
    DataSource database() {
        final JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:outbox-" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
        h2.setUser("sa");
        return h2;
    }

    @Override
    String vendor() {
        return "h2";
    }
}
