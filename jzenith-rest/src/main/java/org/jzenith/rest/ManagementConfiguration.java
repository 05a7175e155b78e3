package org.jzenith.rest;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;
import java.util.OptionalInt;
import org.jzenith.core.configuration.Range;

/**
 * The management interface, under {@code management.}: where the operators' routes ({@code
 * /health}, {@code /metrics}) are served apart from the API.
 *
 * <pre>
 * management.port=9000      # unset: those routes are on rest.port, without details
 * management.host=0.0.0.0   # unset: rest.host
 * </pre>
 *
 * <p>With a management port, {@code /health} and {@code /metrics} answer only there, and health
 * shows each check's details (database hosts, versions, pool figures, why it is down); the API port
 * answers 404 for them. Without one, they answer on the API port, where health shows each check's
 * name and status only, since anyone who can call the API can read them.
 */
@ConfigMapping(prefix = "management")
public interface ManagementConfiguration {

    /** The port of the management interface; unset serves the operators' routes on the API port. */
    @Range(min = 0, max = 65535, hint = "0 picks a free port")
    OptionalInt port();

    /** The address the management interface listens on; unset means {@code rest.host}. */
    Optional<String> host();
}
