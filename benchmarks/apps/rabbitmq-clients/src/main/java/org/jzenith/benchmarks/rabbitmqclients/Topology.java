package org.jzenith.benchmarks.rabbitmqclients;

/**
 * What a run declares, as jzenith-rabbitmq's defaults do: a durable topic exchange and a durable
 * quorum queue named {@code name}, bound with {@code #}, consumed with {@code prefetch}.
 */
record Topology(String name, int prefetch) {}
