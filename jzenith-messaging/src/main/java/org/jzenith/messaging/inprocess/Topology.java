package org.jzenith.messaging.inprocess;

import io.smallrye.reactive.messaging.annotations.Broadcast;
import io.smallrye.reactive.messaging.annotations.Merge;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.messaging.consumer.IncomingMethod;
import org.jzenith.messaging.producer.OutgoingMethod;
import org.jzenith.messaging.spi.ChannelKeys;
import org.jzenith.messaging.spi.NativeParameters;

/**
 * Who sends to and who consumes each channel of the declarations: the upstreams (an emitter, a producer
 * method, a processor's results) and the downstreams ({@code @Incoming} methods), each named as start-up
 * messages name members; and what SmallRye's rules for an in-process channel say of them: one
 * downstream unless the upstream has {@code @Broadcast} (an emitter's is on its injection point, checked
 * where Guice makes it), one upstream unless the downstream has {@code @Merge}, and {@code @Merge(ONE)}
 * or {@code @Merge(CONCAT)} only over producer methods, which can take turns. Immutable.
 *
 * <pre>{@code
 * Topology topology = Topology.of(declarations);
 * topology.problems(channel).forEach(problem -> validation.problem(channel, origin, problem));
 * }</pre>
 */
public final class Topology {

    /** What an upstream is: it decides whether it ever completes, which {@code @Merge(CONCAT)} waits for. */
    enum Kind {
        /** A {@code @Channel} emitter: it never completes ({@code Emitter.complete()} ends nothing in jZenith). */
        EMITTER,
        /** An {@code @Outgoing} method returning a stream: it completes when its stream does. */
        PRODUCER,
        /** An {@code @Incoming @Outgoing} method: it sends for as long as the channel it consumes runs. */
        PROCESSOR,
        /** An {@code @Incoming} method: a downstream. */
        CONSUMER,
        /** A {@code @Channel} stream (withStream): a downstream that merges its upstreams, as SmallRye's does. */
        STREAM
    }

    /**
     * An end of a channel: the member, whether it broadcasts (an upstream) or merges (a downstream),
     * {@code @Broadcast}'s count, what it is, and a downstream's {@code @Merge} mode ({@code MERGE} when it
     * has none).
     */
    record End(String member, boolean annotated, int subscribers, Kind kind, Merge.Mode mode) {}

    private final Map<String, List<End>> upstreams;
    private final Map<String, List<End>> downstreams;

    private Topology(final Map<String, List<End>> upstreams, final Map<String, List<End>> downstreams) {
        this.upstreams = upstreams;
        this.downstreams = downstreams;
    }

    /** The ends of every channel of {@code declarations}. */
    public static Topology of(final ChannelDeclarations declarations) {
        final Map<String, List<End>> up = new LinkedHashMap<>();
        final Map<String, List<End>> down = new LinkedHashMap<>();
        new TreeSet<>(declarations.emitters().keySet()).forEach(channel -> up.computeIfAbsent(
                        channel, name -> new ArrayList<>())
                .add(new End(
                        "the emitter of '" + channel + "' (withEmitter)", false, 0, Kind.EMITTER, Merge.Mode.MERGE)));
        // SmallRye's injected channel merges its upstreams and is one more downstream of the channel
        new TreeSet<>(declarations.streams().keySet())
                .forEach(channel -> down.computeIfAbsent(channel, name -> new ArrayList<>())
                        .add(new End(
                                "the @Channel stream of '" + channel + "' (withStream)",
                                true,
                                0,
                                Kind.STREAM,
                                Merge.Mode.MERGE)));
        for (final Class<?> type : declarations.consumers()) {
            for (final OutgoingMethod.Found producer : OutgoingMethod.find(type)) {
                up.computeIfAbsent(producer.channel(), name -> new ArrayList<>())
                        .add(upstream(
                                OutgoingMethod.describe(type, producer.method()), producer.method(), Kind.PRODUCER));
            }
            for (final IncomingMethod.Found method : IncomingMethod.find(type, NativeParameters.NONE)) {
                final String member = IncomingMethod.describe(type, method.method());
                method.outgoing().ifPresent(out -> up.computeIfAbsent(out, name -> new ArrayList<>())
                        .add(upstream(member, method.method(), Kind.PROCESSOR)));
                final Merge merge = method.method().getAnnotation(Merge.class);
                down.computeIfAbsent(method.channel(), name -> new ArrayList<>())
                        .add(new End(
                                member,
                                merge != null,
                                0,
                                Kind.CONSUMER,
                                merge == null ? Merge.Mode.MERGE : merge.value()));
            }
        }
        return new Topology(Map.copyOf(up), Map.copyOf(down));
    }

    private static End upstream(final String member, final java.lang.reflect.Method method, final Kind kind) {
        final Broadcast broadcast = method.getAnnotation(Broadcast.class);
        return new End(member, broadcast != null, broadcast == null ? 0 : broadcast.value(), kind, Merge.Mode.MERGE);
    }

    /** Whether {@code channel} has both an upstream and an {@code @Incoming} downstream here: SmallRye keeps it in-process. */
    public boolean bothEnds(final String channel) {
        return upstreams.containsKey(channel) && downstreams.containsKey(channel);
    }

    /** The channels with both ends, sorted. */
    public Set<String> inProcess() {
        final Set<String> both = new TreeSet<>(upstreams.keySet());
        both.retainAll(downstreams.keySet());
        return both;
    }

    /** How many {@code @Incoming} methods and {@code @Channel} streams consume {@code channel}. */
    public int consumers(final String channel) {
        return downstreams.getOrDefault(channel, List.of()).size();
    }

    /** How many {@code @Incoming} methods consume {@code channel}, its {@code @Channel} stream left out. */
    public int incomingMethods(final String channel) {
        return (int) downstreams.getOrDefault(channel, List.of()).stream()
                .filter(end -> end.kind() == Kind.CONSUMER)
                .count();
    }

    /** The consumers of {@code channel}, named as start-up messages name members, in order. */
    public List<String> consumerNames(final String channel) {
        return downstreams.getOrDefault(channel, List.of()).stream()
                .map(End::member)
                .toList();
    }

    /**
     * How {@code channel}'s producer methods take turns: {@code ONE} or {@code CONCAT} when its one consumer
     * says so and it has several upstreams (all producer methods, or {@link #problems} refuses it), {@code
     * MERGE} (all at once) otherwise.
     */
    public Merge.Mode mode(final String channel) {
        final List<End> down = downstreams.getOrDefault(channel, List.of());
        if (down.size() != 1 || upstreams.getOrDefault(channel, List.of()).size() < 2) {
            return Merge.Mode.MERGE;
        }
        return down.getFirst().mode();
    }

    /** A member with {@code @Broadcast} or {@code @Merge}, and which of the two. */
    public record Annotated(String member, String annotation) {}

    /** The members with {@code @Broadcast} or {@code @Merge} on {@code channel}, for a channel that is not in-process. */
    public List<Annotated> annotated(final String channel) {
        final List<Annotated> members = new ArrayList<>();
        upstreams.getOrDefault(channel, List.of()).stream()
                .filter(End::annotated)
                .forEach(end -> members.add(new Annotated(end.member(), "@Broadcast")));
        downstreams.getOrDefault(channel, List.of()).stream()
                .filter(end -> end.annotated() && end.kind() != Kind.STREAM)
                .forEach(end -> members.add(new Annotated(end.member(), "@Merge")));
        return members;
    }

    /** What is wrong with {@code channel} as an in-process channel; empty when it can run. */
    public List<String> problems(final String channel) {
        final List<End> up = upstreams.getOrDefault(channel, List.of());
        final List<End> down = downstreams.getOrDefault(channel, List.of());
        final List<String> problems = new ArrayList<>();
        if (down.isEmpty()) {
            problems.add("is sent to by " + names(up) + " but no @Incoming(\"" + channel + "\") method of the"
                    + " application consumes it (nor a @Channel stream, withStream), so an in-process channel would lose"
                    + " its messages; add the consumer,"
                    + " or serve the channel with a broker's plugin ("
                    + ChannelKeys.of("messaging", channel, "connector")
                    + "=kafka)");
            return problems;
        }
        if (up.isEmpty()) {
            problems.add("is consumed by " + names(down) + " but nothing in the application sends to it (no"
                    + " emitter, @Outgoing method or processor); declare its emitter (withEmitter(\"" + channel
                    + "\", ...)) or serve the channel with a broker's plugin ("
                    + ChannelKeys.of("messaging", channel, "connector")
                    + "=kafka)");
            return problems;
        }
        // an emitter's @Broadcast is on its injection point, which the emitter's binding checks (ChannelEmitters)
        final List<End> unicast = up.stream()
                .filter(end -> !end.annotated() && end.kind() != Kind.EMITTER)
                .toList();
        if (down.size() > 1 && !unicast.isEmpty()) {
            problems.add("is consumed by " + down.size() + " methods (" + names(down) + "), and in-process only one"
                    + " may consume a channel unless its upstream broadcasts: annotate " + names(unicast)
                    + " with @Broadcast, or consume it with one method");
        }
        up.stream()
                .filter(end -> end.annotated() && end.subscribers() > down.size())
                .forEach(end -> problems.add("is sent to by " + end.member() + " with @Broadcast("
                        + end.subscribers() + "), which waits for " + end.subscribers() + " consumers before it sends"
                        + ", but " + down.size() + " method" + (down.size() == 1 ? "" : "s") + " consume it ("
                        + names(down) + "), so it would never send; use @Broadcast(" + down.size()
                        + ") or @Broadcast"));
        if (up.size() > 1) {
            down.stream()
                    .filter(end -> end.mode() != Merge.Mode.MERGE)
                    .forEach(end -> problems.addAll(turns(end, up, down)));
        }
        final boolean merge = down.stream().allMatch(End::annotated);
        if (up.size() > 1 && !merge) {
            problems.add("is sent to by " + up.size() + " upstreams (" + names(up) + "), and in-process a consumer"
                    + " takes one upstream unless it merges: annotate "
                    + names(down.stream().filter(end -> !end.annotated()).toList())
                    + " with @Merge, or send through one of them");
        }
        return problems;
    }

    /**
     * What is wrong with {@code @Merge(ONE)} or {@code @Merge(CONCAT)} on {@code consumer}: both take the
     * producer methods in turn (ONE the first only, CONCAT each once the one before completed), so every
     * upstream must be a producer method (an emitter never completes, and a processor sends as long as its
     * channel runs: what they sent while not their turn would be lost), and the consumer the only one.
     */
    private static List<String> turns(final End consumer, final List<End> up, final List<End> down) {
        final String annotation = "@Merge(" + consumer.mode() + ")";
        final List<String> problems = new ArrayList<>();
        final List<End> endless =
                up.stream().filter(end -> end.kind() != Kind.PRODUCER).toList();
        if (!endless.isEmpty()) {
            problems.add("is consumed by " + consumer.member() + " with " + annotation + ", which takes the channel's"
                    + " @Outgoing methods in turn ("
                    + (consumer.mode() == Merge.Mode.ONE
                            ? "the first only, the others never called"
                            : "each once the one before completed its stream")
                    + "), but " + names(endless) + " never complete"
                    + (endless.size() == 1 ? "s" : "") + " (an emitter or a processor sends as long as the"
                    + " application runs, and what it sent out of turn would be lost): use @Merge, which takes every"
                    + " upstream as it sends, or send only from @Outgoing methods");
        }
        if (down.size() > 1) {
            problems.add("is consumed by " + consumer.member() + " with " + annotation + " and by "
                    + names(down.stream().filter(end -> end != consumer).toList()) + " too; in-process the upstreams"
                    + " take turns for the channel's only consumer: use @Merge, or consume the channel with one"
                    + " method");
        }
        return problems;
    }

    private static String names(final List<End> ends) {
        return String.join(", ", ends.stream().map(End::member).toList());
    }
}
