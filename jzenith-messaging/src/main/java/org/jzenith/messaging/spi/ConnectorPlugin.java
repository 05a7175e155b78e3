package org.jzenith.messaging.spi;

import org.jzenith.core.Plugin;
import org.jzenith.messaging.consumer.ChannelDeclarations;

/**
 * A plugin that serves channels through a connector (Kafka, RabbitMQ): what {@link ChannelChoice}
 * needs to divide an application's channels between the connector plugins that take part.
 *
 * <pre>{@code
 * public ConnectorName connector() { return new ConnectorName("kafka", "smallrye-kafka", "KafkaPlugin"); }
 * public ChannelDeclarations channels() { return declarations; }
 * public boolean sharesChannels() { return shared; }   // true when made by KafkaPlugin.serving(channels)
 * }</pre>
 */
public interface ConnectorPlugin extends Plugin {

    /** How settings name this connector. */
    ConnectorName connector();

    /** The channels this plugin was given. */
    ChannelDeclarations channels();

    /**
     * Whether the channels were given to be shared with other connector plugins ({@code
     * serving(channels)}), a setting choosing each one's connector; otherwise they are all this
     * plugin's ({@code withConsumers(...)}).
     */
    boolean sharesChannels();
}
