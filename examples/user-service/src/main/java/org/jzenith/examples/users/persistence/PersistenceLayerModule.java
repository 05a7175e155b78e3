package org.jzenith.examples.users.persistence;

import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Provides;
import jakarta.inject.Singleton;
import org.jzenith.examples.users.UserServiceConfiguration;
import org.jzenith.examples.users.service.UserDao;

/** The persistence layer: the {@link UserDao} that {@code user.store} selects. */
public final class PersistenceLayerModule extends AbstractModule {

    @Provides
    @Singleton
    UserDao userDao(final UserServiceConfiguration configuration, final Injector injector) {
        return switch (configuration.store()) {
            case JDBC -> injector.getInstance(JdbcUserDao.class);
            case POSTGRESQL -> injector.getInstance(PostgresqlUserDao.class);
            case REDIS -> injector.getInstance(RedisUserDao.class);
            case CASSANDRA -> injector.getInstance(CassandraUserDao.class);
        };
    }
}
