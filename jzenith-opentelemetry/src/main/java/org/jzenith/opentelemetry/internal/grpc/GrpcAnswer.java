package org.jzenith.opentelemetry.internal.grpc;

import io.opentelemetry.sdk.common.export.GrpcResponse;
import io.opentelemetry.sdk.common.export.GrpcStatusCode;
import java.util.Arrays;

/**
 * A server's answer to one call, as the SDK wants it.
 *
 * @param status the gRPC status
 * @param description the decoded grpc-message, or why the status was inferred; may be empty
 * @param message the response message, empty when the server sent none
 */
record GrpcAnswer(GrpcStatusCode status, String description, byte[] message) implements GrpcResponse {

    @Override
    public GrpcStatusCode getStatusCode() {
        return status;
    }

    @Override
    public String getStatusDescription() {
        return description;
    }

    @Override
    public byte[] getResponseMessage() {
        return message.clone();
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof GrpcAnswer answer
                && status == answer.status
                && description.equals(answer.description)
                && Arrays.equals(message, answer.message);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * status.hashCode() + description.hashCode()) + Arrays.hashCode(message);
    }

    @Override
    public String toString() {
        return "GrpcAnswer[" + status + " " + description + ", " + message.length + " bytes]";
    }
}
