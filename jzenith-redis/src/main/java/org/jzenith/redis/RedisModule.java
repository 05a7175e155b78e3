package org.jzenith.redis;

import com.google.inject.AbstractModule;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import jakarta.inject.Singleton;
import org.jzenith.core.health.HealthCheck;

/**
 * Binds what the Redis plugin offers: the {@link Redis} client and {@link RedisAPI} to inject, the
 * health check, and the mapping that makes "Redis is away" an HTTP 503.
 */
final class RedisModule extends AbstractModule {

    private final PluginRedis redis;

    RedisModule(final PluginRedis redis) {
        this.redis = redis;
    }

    @Override
    protected void configure() {
        bind(PluginRedis.class).toInstance(redis);
        bind(Redis.class).toInstance(redis);
        bind(RedisAPI.class).toInstance(RedisAPI.api(redis));
        bind(RedisHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(RedisHealthCheck.class);
        // The client's own failures are translated where they happen (PluginRedis) into a
        // RedisUnavailableException, a StoreUnavailableException (503 in every application), so an
        // application's own IOException keeps its meaning.
    }
}
