package org.jzenith.benchmarks.kafka;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.List;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * What the Kafka clients of this JVM did, from their JMX metrics: requests and records a request of each
 * producer, fetches and commits of each consumer. It explains a broker's share of a run's CPU: a processor
 * whose sends go in small batches makes the broker handle more requests for the same records. Printed
 * when {@code BENCH_CLIENT_METRICS} is set (not a {@code KAFKA_} name: jZenith would read that as a
 * {@code kafka.} setting, and refuse it), one line a client.
 */
final class ClientMetrics {

    private static final List<String> GROUPS = List.of(
            "kafka.producer:type=producer-metrics,*",
            "kafka.consumer:type=consumer-fetch-manager-metrics,*",
            "kafka.consumer:type=consumer-coordinator-metrics,*");
    private static final List<String> ATTRIBUTES = List.of(
            "request-total",
            "records-per-request-avg",
            "batch-size-avg",
            "record-queue-time-avg",
            "fetch-total",
            "fetch-size-avg",
            "commit-total");

    private ClientMetrics() {}

    static void print(final PrintStream out) throws JMException {
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        for (final String group : GROUPS) {
            for (final ObjectName client : server.queryNames(new ObjectName(group), null)) {
                if (client.getKeyProperty("topic") != null || client.getKeyProperty("partition") != null) {
                    continue; // per topic and partition: the client's totals are enough
                }
                final StringBuilder line = new StringBuilder(client.getKeyProperty("client-id"))
                        .append(' ')
                        .append(client.getKeyProperty("type"));
                for (final String attribute : ATTRIBUTES) {
                    if (hasAttribute(server, client, attribute)) {
                        line.append(' ').append(attribute).append('=').append(server.getAttribute(client, attribute));
                    }
                }
                out.println(line);
            }
        }
    }

    private static boolean hasAttribute(final MBeanServer server, final ObjectName client, final String attribute)
            throws JMException {
        for (final var info : server.getMBeanInfo(client).getAttributes()) {
            if (info.getName().equals(attribute)) {
                return true;
            }
        }
        return false;
    }
}
