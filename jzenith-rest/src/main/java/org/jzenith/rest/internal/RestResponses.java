package org.jzenith.rest.internal;

import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.server.ResponseHeaders;

/**
 * How every response of the REST server is written, by a resource's endpoint and a plugin's route
 * alike: made once at start-up by {@link RestAssembly}. Immutable; every component is thread-safe.
 *
 * @param json the JSON codec, the application's ObjectMapper where it provides one
 * @param errors answers problems and the exceptions the application maps
 * @param headers the security headers added to every response
 */
public record RestResponses(JsonCodec json, ErrorResponder errors, ResponseHeaders headers) {}
