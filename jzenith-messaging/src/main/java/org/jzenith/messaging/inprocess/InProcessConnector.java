package org.jzenith.messaging.inprocess;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.spi.ChannelMeters;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.Connector;
import org.jzenith.messaging.spi.DeadLetters;
import org.jzenith.messaging.spi.FailureStrategy;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * The in-process channels as the messaging layer sees a connector: each channel's {@link
 * InProcessChannel} is its outbound, its "dead letters" hand the failure back to the sender ({@link
 * BackToSender}), its policy comes from {@code messaging.channels.NAME.failure-strategy} and {@code
 * retries}. An outbound asked for before the channels run (an emitter injected early) finds its
 * channel when it sends. Thread-safe.
 */
final class InProcessConnector implements Connector {

    /** The heaviest message an in-process channel carries: payload, key and headers. */
    static final long MAX_MESSAGE_BYTES = 64L * 1024 * 1024;

    private final Map<String, Policy> policies;
    private final InProcessMetrics metrics;
    private final FailedChannels failed;
    private final MessageTracing tracing;
    private final AtomicReference<Map<String, InProcessChannel>> channels = new AtomicReference<>(Map.of());
    private final Map<String, Outbound> outbounds = new ConcurrentHashMap<>();

    /** A channel's settings: the failure strategy and the retries. */
    record Policy(FailureStrategy strategy, int retries, Duration backoff, Duration maxBackoff) {}

    InProcessConnector(
            final Map<String, Policy> policies,
            final InProcessMetrics metrics,
            final FailedChannels failed,
            final MessageTracing tracing) {
        this.policies = Map.copyOf(policies);
        this.metrics = metrics;
        this.failed = failed;
        this.tracing = tracing;
    }

    /** Makes the channels' outbounds send to {@code running}. */
    void run(final Map<String, InProcessChannel> running) {
        channels.set(Map.copyOf(running));
    }

    @Override
    public String name() {
        return "in-process";
    }

    @Override
    public NativeParameters parameters() {
        return NativeParameters.NONE;
    }

    @Override
    public ChannelPolicy policy(final String channel) {
        final Policy policy = policies.getOrDefault(channel, InProcessSettings.DEFAULT);
        return new ChannelPolicy(
                channel,
                policy.retries(),
                policy.backoff(),
                policy.maxBackoff(),
                policy.strategy(),
                MAX_MESSAGE_BYTES,
                "the in-process limit of " + MAX_MESSAGE_BYTES + " bytes");
    }

    @Override
    public DeadLetters deadLetters(final String channel) {
        return new BackToSender(channel);
    }

    @Override
    public ChannelMeters meters(final String channel) {
        return metrics.channel(channel);
    }

    @Override
    public MessageTracing tracing() {
        return tracing;
    }

    @Override
    public Outbound outbound(final String channel) {
        return outbounds.computeIfAbsent(channel, name -> new InProcessOutbound() {
            @Override
            public java.util.concurrent.CompletionStage<Void> send(final OutboundMessage message) {
                return running(name)
                        .map(found -> found.send(message))
                        .orElseGet(() -> java.util.concurrent.CompletableFuture.failedFuture(
                                new IllegalStateException("the in-process channel '" + name
                                        + "' does not run: the application has not" + " started or is stopping")));
            }

            @Override
            public boolean open() {
                return running(name).map(InProcessChannel::open).orElse(false);
            }
        });
    }

    private Optional<InProcessChannel> running(final String channel) {
        return Optional.ofNullable(channels.get().get(channel));
    }

    /** Why a channel stopped, for the sends that fail after. */
    String stoppedBecause() {
        return failed.describe().orElse("the application is stopping");
    }
}
