package org.jzenith.core.outbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import org.jzenith.core.configuration.DurationRange;

/**
 * Settings of the idempotent inbox, under {@code inbox.} (read where a store plugin keeps one, such as
 * {@code JdbcPlugin.create().withOutbox()}):
 *
 * <pre>
 * inbox.retention=14d   # how long an applied message's id is kept; a copy arriving later is applied again
 * </pre>
 */
@ConfigMapping(prefix = "inbox")
public interface InboxConfiguration {

    /**
     * How long the id of an applied message is kept to drop its copies; older ids are purged (every
     * tenth of this, at most every hour). A copy that arrives after its id was purged is applied
     * again, so keep it far longer than a copy can arrive late: Kafka sends copies after a rebalance or
     * a restart, within minutes, but a consumer group whose offsets were reset or expired reads again
     * whatever its topic still holds. The default, 14 days, is Kafka's default retention (7 days) plus
     * the age a quiet topic's last segment may reach before it is rolled (7 days); raise it to the
     * topic's {@code retention.ms} plus {@code segment.ms} where those are longer.
     */
    @DurationRange(min = "1s", max = "3650d")
    @WithDefault("14d")
    Duration retention();
}
