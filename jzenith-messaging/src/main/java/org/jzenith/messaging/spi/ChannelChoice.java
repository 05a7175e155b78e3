package org.jzenith.messaging.spi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jzenith.core.Validation;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.messaging.inprocess.Topology;

/**
 * Which of its channels a connector plugin serves. A plugin given its channels as its own ({@code
 * KafkaPlugin.withConsumers(...)}) serves all of them. Plugins given the same declarations to share
 * ({@code KafkaPlugin.serving(channels)}, {@code RabbitMqPlugin.serving(channels)}) divide them by a
 * setting per channel:
 *
 * <pre>
 * messaging.channels.users.connector=rabbitmq                 # jZenith's names: kafka, rabbitmq
 * mp.messaging.incoming.users.connector=smallrye-rabbitmq     # or SmallRye's, for a consumed channel
 * mp.messaging.outgoing.users.connector=smallrye-rabbitmq     # and for one sent to
 * </pre>
 *
 * <p>Where only one of the plugins taking part serves the declarations, it serves every channel
 * without a setting. Where two do, a channel without a setting, a setting that names no connector
 * serving the channel, two settings of one channel that disagree, a setting of a channel the
 * application does not have, and a processor whose two channels are on different connectors stop
 * start-up, all in one report: the first connector plugin of the application reports them, once.
 *
 * <pre>{@code
 * public void validate(final Validation validation) {
 *     final ChannelChoice choice = ChannelChoice.of(this, validation);
 *     this.choice.set(choice);                    // modules() and start() serve choice.serves(channel)
 * }
 * }</pre>
 *
 * <p>Immutable.
 */
public final class ChannelChoice {

    private static final String KEY = "messaging.channels.";
    private static final String INCOMING = "mp.messaging.incoming.";
    private static final String OUTGOING = "mp.messaging.outgoing.";
    private static final String CONNECTOR = ".connector";

    /** The configuration mappings a connector plugin lists, so that these settings are read and known. */
    public static final List<Class<?>> MAPPINGS = List.of(ConnectorSettings.class, MicroProfileConnectorSettings.class);

    private final Set<String> served;
    private final boolean owner;
    private final boolean shared;

    private ChannelChoice(final Set<String> served, final boolean owner, final boolean shared) {
        this.served = Set.copyOf(served);
        this.owner = owner;
        this.shared = shared;
    }

    /** Every channel of {@code plugin}, as if it served them alone: before {@link #of} has run. */
    public static ChannelChoice all(final ConnectorPlugin plugin) {
        return new ChannelChoice(plugin.channels().channels(), true, false);
    }

    /**
     * The channels {@code self} serves among the connector plugins that take part ({@link
     * Validation#plugins()}); reports what is wrong with the settings when {@code self} is the first
     * of them.
     */
    public static ChannelChoice of(final ConnectorPlugin self, final Validation validation) {
        final List<ConnectorPlugin> connectors = new ArrayList<>();
        validation.plugins().stream()
                .filter(ConnectorPlugin.class::isInstance)
                .map(ConnectorPlugin.class::cast)
                .forEach(connectors::add);
        if (!connectors.contains(self)) {
            connectors.addFirst(self);
        }
        final Optional<List<Setting>> settings = settings(validation);
        if (connectors.getFirst() == self) {
            settings.ifPresent(read -> report(connectors, read, validation));
        }
        if (!self.sharesChannels() || settings.isEmpty()) {
            // a configuration that cannot be read stops start-up: every channel is checked as served
            return new ChannelChoice(self.channels().channels(), true, self.sharesChannels());
        }
        final List<ConnectorPlugin> sharing = sharing(connectors, self.channels());
        final Map<String, String> assigned = assign(self.channels(), sharing, settings.get());
        final Set<String> served = new TreeSet<>();
        assigned.forEach((channel, connector) -> {
            if (connector.equals(self.connector().name())) {
                served.add(channel);
            }
        });
        // the first plugin with a channel binds the consumer classes and checks @Channel members, once
        final boolean owner = sharing.stream()
                .filter(plugin -> assigned.containsValue(plugin.connector().name()))
                .findFirst()
                .map(plugin -> plugin == self)
                .orElse(false);
        return new ChannelChoice(served, owner, true);
    }

    /** Whether this plugin serves {@code channel}. */
    public boolean serves(final String channel) {
        return served.contains(channel);
    }

    /** The channels this plugin serves, sorted. */
    public Set<String> served() {
        return new TreeSet<>(served);
    }

    /**
     * Whether this plugin was given shared channels and serves none of them: it then neither
     * connects nor reports health, and its own settings are not needed.
     */
    public boolean idle() {
        return shared && served.isEmpty();
    }

    /**
     * Whether this plugin binds the consumer classes and checks the {@code @Channel} members of the
     * application's classes: the only plugin of its channels, or the first of those sharing them that
     * serves one.
     */
    public boolean owner() {
        return owner;
    }

    /** A connector setting as written: the key, the channel it is for and the value. */
    private record Setting(String key, String channel, String value, Direction direction) {}

    private enum Direction {
        ANY,
        INCOMING,
        OUTGOING
    }

    /** Every connector setting, jZenith's first; empty when the configuration could not be read. */
    private static Optional<List<Setting>> settings(final Validation validation) {
        final Optional<ConnectorSettings> own = validation.configuration(ConnectorSettings.class);
        final Optional<MicroProfileConnectorSettings> mp =
                validation.configuration(MicroProfileConnectorSettings.class);
        if (own.isEmpty() || mp.isEmpty()) {
            return Optional.empty();
        }
        final List<Setting> settings = new ArrayList<>();
        new TreeSet<>(own.get().channels().keySet()).forEach(channel -> own.get()
                .channels()
                .get(channel)
                .connector()
                .ifPresent(value -> settings.add(
                        new Setting(KEY + ChannelKeys.name(channel) + CONNECTOR, channel, value, Direction.ANY))));
        new TreeSet<>(mp.get().incoming().keySet()).forEach(channel -> mp.get()
                .incoming()
                .get(channel)
                .connector()
                .ifPresent(value -> settings.add(new Setting(
                        INCOMING + ChannelKeys.name(channel) + CONNECTOR, channel, value, Direction.INCOMING))));
        new TreeSet<>(mp.get().outgoing().keySet()).forEach(channel -> mp.get()
                .outgoing()
                .get(channel)
                .connector()
                .ifPresent(value -> settings.add(new Setting(
                        OUTGOING + ChannelKeys.name(channel) + CONNECTOR, channel, value, Direction.OUTGOING))));
        return Optional.of(settings);
    }

    /** The plugins given {@code declarations} to share, in the application's order. */
    private static List<ConnectorPlugin> sharing(
            final List<ConnectorPlugin> connectors, final ChannelDeclarations declarations) {
        return connectors.stream()
                .filter(plugin -> plugin.sharesChannels() && plugin.channels().equals(declarations))
                .toList();
    }

    /** Each channel of {@code declarations} with the connector that serves it; a channel no setting decides is left out. */
    private static Map<String, String> assign(
            final ChannelDeclarations declarations, final List<ConnectorPlugin> sharing, final List<Setting> settings) {
        final Map<String, String> assigned = new LinkedHashMap<>();
        final Topology topology = Topology.of(declarations);
        final boolean inProcess = sharing.stream().anyMatch(ChannelChoice::inProcess);
        final List<ConnectorPlugin> brokers =
                sharing.stream().filter(plugin -> !inProcess(plugin)).toList();
        for (final String channel : declarations.channels()) {
            final Optional<String> chosen = settings.stream()
                    .filter(setting -> setting.channel().equals(channel))
                    .flatMap(setting -> named(setting.value(), sharing).stream())
                    .findFirst();
            if (chosen.isPresent()) {
                assigned.put(channel, chosen.get());
            } else if (inProcess && topology.bothEnds(channel)) {
                // SmallRye's rule: both ends in the application and no connector set: in-process
                assigned.put(channel, ConnectorName.IN_PROCESS.name());
            } else if (brokers.size() == 1) {
                assigned.put(channel, brokers.getFirst().connector().name());
            } else if (sharing.size() == 1) {
                assigned.put(channel, sharing.getFirst().connector().name());
            }
        }
        return assigned;
    }

    /** The name of the connector of {@code candidates} that {@code value} names, by jZenith's or SmallRye's name. */
    private static Optional<String> named(final String value, final List<ConnectorPlugin> candidates) {
        final String wanted = value.trim().toLowerCase(Locale.ROOT);
        return candidates.stream()
                .map(ConnectorPlugin::connector)
                .filter(name -> name.name().equals(wanted) || name.smallRye().equals(wanted))
                .map(ConnectorName::name)
                .findFirst();
    }

    /** Reports every problem of the connector settings, for all connector plugins at once. */
    private static void report(
            final List<ConnectorPlugin> connectors, final List<Setting> settings, final Validation validation) {
        final Set<String> consumed = new TreeSet<>();
        final Set<String> sent = new TreeSet<>();
        connectors.forEach(plugin -> {
            consumed.addAll(plugin.channels().consumed());
            sent.addAll(plugin.channels().sent());
        });
        final Set<String> declared = new TreeSet<>(consumed);
        declared.addAll(sent);
        final Map<String, Set<String>> chosen = new LinkedHashMap<>();
        for (final Setting setting : settings) {
            if (!declared.contains(setting.channel())) {
                validation.problem(
                        setting.key(),
                        "the configuration",
                        "configures a channel the application neither consumes nor sends to"
                                + (declared.isEmpty() ? "" : "; its channels are " + String.join(", ", declared)));
                continue;
            }
            if (setting.direction() == Direction.INCOMING && !consumed.contains(setting.channel())) {
                validation.problem(
                        setting.key(),
                        "the configuration",
                        "configures a channel the application sends to but does not consume; set " + OUTGOING
                                + setting.channel() + CONNECTOR + " instead");
                continue;
            }
            if (setting.direction() == Direction.OUTGOING && !sent.contains(setting.channel())) {
                validation.problem(
                        setting.key(),
                        "the configuration",
                        "configures a channel the application consumes but does not send to; set " + INCOMING
                                + setting.channel() + CONNECTOR + " instead");
                continue;
            }
            final List<ConnectorPlugin> serving = connectors.stream()
                    .filter(plugin -> plugin.channels().channels().contains(setting.channel()))
                    .toList();
            final Optional<String> named = named(setting.value(), serving);
            if (named.isEmpty()) {
                validation.reject(setting.key(), allowed(setting, serving));
            } else {
                chosen.computeIfAbsent(setting.channel(), channel -> new TreeSet<>())
                        .add(named.get());
            }
        }
        chosen.forEach((channel, names) -> {
            if (names.size() > 1) {
                validation.problem(
                        "the channel '" + channel + "'",
                        "the configuration",
                        "has settings that choose different connectors (" + String.join(", ", names)
                                + "); set one of " + KEY + ChannelKeys.name(channel) + CONNECTOR + ", " + INCOMING
                                + ChannelKeys.name(channel)
                                + CONNECTOR + " and " + OUTGOING + ChannelKeys.name(channel) + CONNECTOR);
            }
        });
        final List<ChannelDeclarations> groups = connectors.stream()
                .filter(ConnectorPlugin::sharesChannels)
                .map(ConnectorPlugin::channels)
                .distinct()
                .toList();
        for (final ChannelDeclarations group : groups) {
            final List<ConnectorPlugin> sharing = sharing(connectors, group);
            final Set<String> unset = new TreeSet<>(group.channels());
            settings.forEach(setting -> unset.remove(setting.channel()));
            if (sharing.stream().anyMatch(ChannelChoice::inProcess)) {
                unset.removeIf(Topology.of(group)::bothEnds);
            }
            if (sharing.stream().filter(plugin -> !inProcess(plugin)).count() > 1 && !unset.isEmpty()) {
                final String names = sharing.stream()
                        .map(plugin -> plugin.connector().name())
                        .collect(Collectors.joining(" or "));
                validation.problem(
                        unset.stream()
                                .map(channel -> KEY + ChannelKeys.name(channel) + CONNECTOR)
                                .collect(Collectors.joining(", ")),
                        origin(sharing),
                        "no connector is chosen for the channel" + (unset.size() == 1 ? " " : "s ")
                                + String.join(", ", unset) + ", which " + sharing.size()
                                + " connectors serve: set " + KEY + "NAME" + CONNECTOR + "=" + names
                                + " for each");
            }
            final Map<String, String> assigned = assign(group, sharing, settings);
            group.processors().forEach((in, out) -> {
                final Optional<String> from = Optional.ofNullable(assigned.get(in));
                final Optional<String> to = Optional.ofNullable(assigned.get(out));
                if (from.isPresent() && to.isPresent() && !from.equals(to)) {
                    validation.problem(
                            "the processor of the channel '" + in + "'",
                            origin(sharing),
                            "consumes '" + in + "' on " + from.get() + " and sends to '" + out + "' on " + to.get()
                                    + "; a processor sends through the connector it consumes from: choose the same"
                                    + " connector for both channels");
                }
            });
        }
        inProcessOnly(connectors, settings, validation);
    }

    /** Whether {@code plugin} runs in-process channels rather than a broker's. */
    private static boolean inProcess(final ConnectorPlugin plugin) {
        return plugin.connector().name().equals(ConnectorName.IN_PROCESS.name());
    }

    /**
     * Reports {@code @Broadcast} and {@code @Merge} on channels a broker serves, and in-process settings
     * ({@code failure-strategy}, {@code retries} under {@code messaging.channels}) of such channels:
     * jZenith honours both only in-process, and a broker's channel takes its connector's own settings.
     */
    private static void inProcessOnly(
            final List<ConnectorPlugin> connectors, final List<Setting> settings, final Validation validation) {
        final Map<String, String> servedBy = new LinkedHashMap<>();
        for (final ConnectorPlugin plugin : connectors) {
            final Map<String, String> assigned = plugin.sharesChannels()
                    ? assign(plugin.channels(), sharing(connectors, plugin.channels()), settings)
                    : plugin.channels().channels().stream()
                            .collect(Collectors.toMap(channel -> channel, channel -> plugin.connector()
                                    .name()));
            assigned.forEach(servedBy::putIfAbsent);
            final Topology topology = Topology.of(plugin.channels());
            assigned.forEach((channel, connector) -> {
                if (connector.equals(plugin.connector().name())
                        && !inProcess(plugin)
                        && plugin.channels().emitters().containsKey(channel)
                        && topology.incomingMethods(channel) > 1) {
                    validation.problem(
                            "the channel '" + channel + "'",
                            plugin.connector().plugin(),
                            "is consumed by " + String.join(", ", topology.consumerNames(channel)) + ", and "
                                    + connector + " serves it, where one method consumes a channel (its consumer"
                                    + " group gets every message): consume it with one method, or run the channel"
                                    + " in-process (InProcessPlugin) with @Broadcast on its emitter");
                }
                if (connector.equals(plugin.connector().name()) && !inProcess(plugin)) {
                    topology.annotated(channel)
                            .forEach(member -> validation.problem(
                                    member.member(),
                                    plugin.connector().plugin(),
                                    "has " + member.annotation() + " on the channel '" + channel + "', which "
                                            + connector + " serves; @Broadcast and @Merge apply to in-process"
                                            + " channels (a broker hands a channel's messages to each consumer group"
                                            + " and takes every producer already): remove it, or run the channel"
                                            + " in-process (InProcessPlugin)"));
                }
            });
        }
        validation
                .configuration(ConnectorSettings.class)
                .ifPresent(own -> new TreeSet<>(own.channels().keySet()).forEach(channel -> {
                    final ConnectorSettings.Channel set = own.channels().get(channel);
                    final String connector = servedBy.get(channel);
                    if (connector == null || connector.equals(ConnectorName.IN_PROCESS.name())) {
                        return;
                    }
                    final List<String> keys = new ArrayList<>();
                    set.failureStrategy()
                            .ifPresent(value -> keys.add(KEY + ChannelKeys.name(channel) + ".failure-strategy"));
                    set.retries().ifPresent(value -> keys.add(KEY + ChannelKeys.name(channel) + ".retries"));
                    keys.forEach(key -> validation.problem(
                            key,
                            "the configuration",
                            "applies to in-process channels, and " + connector + " serves '" + channel + "': set "
                                    + ChannelKeys.group(connector, channel) + key.substring(key.lastIndexOf('.'))
                                    + " instead"));
                }));
    }

    /** What a setting of a channel {@code serving} serve may say. */
    private static String allowed(final Setting setting, final List<ConnectorPlugin> serving) {
        final Set<String> names = new LinkedHashSet<>();
        serving.forEach(plugin -> {
            names.add(plugin.connector().name());
            names.add(plugin.connector().smallRye());
        });
        final String values = String.join(", ", names);
        if (serving.stream().anyMatch(ConnectorPlugin::sharesChannels)) {
            return "one of " + values + ": the connectors that serve the channel '" + setting.channel() + "'";
        }
        final ConnectorPlugin only = serving.getFirst();
        return values + ": the channel '" + setting.channel() + "' is "
                + only.connector().plugin() + "'s ("
                + only.connector().plugin() + ".withConsumers(...)); to choose its connector by this setting,"
                + " declare it with Channels and give it to every connector's serving(channels)";
    }

    private static String origin(final List<ConnectorPlugin> sharing) {
        return sharing.stream()
                .map(plugin -> plugin.connector().plugin() + ".serving(channels)")
                .collect(Collectors.joining(", "));
    }
}
