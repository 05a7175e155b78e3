package org.jzenith.benchmarks.rabbitmq;

import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * One variant running: how it sends a message (the stage completes once the broker confirmed it)
 * and how it stops.
 */
record Variant(Function<String, CompletionStage<?>> send, Runnable stop) {}
