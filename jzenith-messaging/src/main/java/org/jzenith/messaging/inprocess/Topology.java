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
import org.jzenith.messaging.spi.NativeParameters;

/**
 * Who sends to and who consumes each channel of the declarations: the upstreams (an emitter, a producer
 * method, a processor's results) and the downstreams ({@code @Incoming} methods), each named as start-up
 * messages name members; and what SmallRye's rules for an in-process channel say of them: one
 * downstream unless the upstream has {@code @Broadcast}, one upstream unless the downstream has
 * {@code @Merge}. Immutable.
 *
 * <pre>{@code
 * Topology topology = Topology.of(declarations);
 * topology.problems(channel).forEach(problem -> validation.problem(channel, origin, problem));
 * }</pre>
 */
public final class Topology {

    /** An end of a channel: the member, whether it broadcasts or merges, and {@code @Broadcast}'s count. */
    record End(String member, boolean annotated, int subscribers) {}

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
        new TreeSet<>(declarations.emitters().keySet())
                .forEach(channel -> up.computeIfAbsent(channel, name -> new ArrayList<>())
                        .add(new End("the emitter of '" + channel + "' (withEmitter)", false, 0)));
        for (final Class<?> type : declarations.consumers()) {
            for (final OutgoingMethod.Found producer : OutgoingMethod.find(type)) {
                up.computeIfAbsent(producer.channel(), name -> new ArrayList<>())
                        .add(upstream(OutgoingMethod.describe(type, producer.method()), producer.method()));
            }
            for (final IncomingMethod.Found method : IncomingMethod.find(type, NativeParameters.NONE)) {
                final String member = IncomingMethod.describe(type, method.method());
                method.outgoing().ifPresent(out -> up.computeIfAbsent(out, name -> new ArrayList<>())
                        .add(upstream(member, method.method())));
                final Merge merge = method.method().getAnnotation(Merge.class);
                down.computeIfAbsent(method.channel(), name -> new ArrayList<>())
                        .add(new End(
                                member, merge != null, merge == null || merge.value() == Merge.Mode.MERGE ? 0 : -1));
            }
        }
        return new Topology(Map.copyOf(up), Map.copyOf(down));
    }

    private static End upstream(final String member, final java.lang.reflect.Method method) {
        final Broadcast broadcast = method.getAnnotation(Broadcast.class);
        return new End(member, broadcast != null, broadcast == null ? 0 : broadcast.value());
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

    /** How many {@code @Incoming} methods consume {@code channel}. */
    public int consumers(final String channel) {
        return downstreams.getOrDefault(channel, List.of()).size();
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
                .filter(End::annotated)
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
                    + " application consumes it, so an in-process channel would lose its messages; add the consumer,"
                    + " or serve the channel with a broker's plugin (messaging.channels." + channel
                    + ".connector=kafka)");
            return problems;
        }
        if (up.isEmpty()) {
            problems.add("is consumed by " + names(down) + " but nothing in the application sends to it (no"
                    + " emitter, @Outgoing method or processor); declare its emitter (withEmitter(\"" + channel
                    + "\", ...)) or serve the channel with a broker's plugin (messaging.channels." + channel
                    + ".connector=kafka)");
            return problems;
        }
        final boolean broadcast = up.stream().anyMatch(End::annotated);
        if (down.size() > 1 && !broadcast) {
            problems.add("is consumed by " + down.size() + " methods (" + names(down) + "), and in-process only one"
                    + " may consume a channel unless its upstream broadcasts: annotate " + names(up)
                    + " with @Broadcast, or consume it with one method");
        }
        up.stream()
                .filter(end -> end.annotated() && end.subscribers() > down.size())
                .forEach(end -> problems.add("is sent to by " + end.member() + " with @Broadcast("
                        + end.subscribers() + "), which waits for " + end.subscribers() + " consumers before it sends"
                        + ", but " + down.size() + " method" + (down.size() == 1 ? "" : "s") + " consume it ("
                        + names(down) + "), so it would never send; use @Broadcast(" + down.size()
                        + ") or @Broadcast"));
        down.stream()
                .filter(end -> end.subscribers() < 0)
                .forEach(end -> problems.add("is consumed by " + end.member() + " with @Merge(ONE) or @Merge(CONCAT),"
                        + " which jZenith does not build (it interleaves the upstreams as they send, Merge.Mode.MERGE):"
                        + " use @Merge"));
        final boolean merge = down.stream().allMatch(End::annotated);
        if (up.size() > 1 && !merge) {
            problems.add("is sent to by " + up.size() + " upstreams (" + names(up) + "), and in-process a consumer"
                    + " takes one upstream unless it merges: annotate "
                    + names(down.stream().filter(end -> !end.annotated()).toList())
                    + " with @Merge, or send through one of them");
        }
        return problems;
    }

    private static String names(final List<End> ends) {
        return String.join(", ", ends.stream().map(End::member).toList());
    }
}
