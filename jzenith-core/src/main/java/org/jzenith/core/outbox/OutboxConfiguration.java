package org.jzenith.core.outbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the transactional outbox, under {@code outbox.} (read where a store plugin has its
 * outbox switched on, such as {@code JdbcPlugin.create().withOutbox()}):
 *
 * <pre>
 * outbox.max-pending=100000     # unsent events past which publish fails (and its transaction with it)
 * outbox.poll-interval=1s       # how often the relay looks for events other instances committed (PostgreSQL: NOTIFY wakes it)
 * outbox.batch-size=500         # events sent per round trip of the relay
 * outbox.lease=10s              # how long one instance holds the relay before another may take over
 * outbox.retention=1h           # how long sent events are kept before they are purged
 * </pre>
 *
 * <p>Where the events wait ({@code outbox.mode}, {@code outbox.log.*}) is {@link OutboxStoreConfiguration}'s.
 */
@ConfigMapping(prefix = "outbox")
public interface OutboxConfiguration {

    /**
     * Unsent events past which {@link Outbox#publish} throws {@link OutboxFullException}; compared
     * with the count as of at most a second ago, so a burst may pass it by what one second brings.
     */
    @Range(min = 1, max = Integer.MAX_VALUE)
    @WithDefault("100000")
    long maxPending();

    /**
     * How often the relay looks for events when nothing woke it: an instance's own commits wake it at
     * once, and on PostgreSQL (JDBC plugin) other instances' commits too, through {@code
     * LISTEN/NOTIFY}; elsewhere, or while that listener reconnects, events committed by other
     * instances wait at most this long.
     */
    @DurationRange(min = "10ms", max = "1m")
    @WithDefault("1s")
    Duration pollInterval();

    /** Events the relay reads and sends per round trip. */
    @Range(min = 1, max = 10000)
    @WithDefault("500")
    int batchSize();

    /**
     * How long an instance holds the relay: it renews the lease once a sixth of it has passed; when it
     * dies, another instance takes over once the lease ran out. Longer than a send may take.
     */
    @DurationRange(min = "1s", max = "10m")
    @WithDefault("10s")
    Duration lease();

    /** How long sent events stay in the table (to look at, or to replay by hand) before they are purged. */
    @DurationRange(min = "0s", max = "3650d")
    @WithDefault("1h")
    Duration retention();
}
