package org.jzenith.docs.rest.quotes;

import java.util.concurrent.CompletionStage;

/**
 * Stands for another library's asynchronous type, which jZenith does not know: docs/rest.md's
 * "Responses" registers a ReactiveAdapter that turns it into a CompletionStage.
 */
public record Eventually<T>(CompletionStage<T> asStage) {}
