package org.jzenith.examples.audit;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The audit service's own settings, under {@code audit.}. */
@ConfigMapping(prefix = "audit")
public interface AuditConfiguration {

    /** Who may read the audit log, which names users by id and name. */
    enum Security {
        /**
         * Everyone: every request acts as a user in the role {@code audit-reader}, said at start-up
         * with a warning. For trying the service out on one's own machine: the service then refuses a
         * {@code rest.host} other machines reach, outside the {@code dev} and {@code test} profiles. A
         * deployed service sets {@code jwt}.
         */
        NONE,

        /**
         * Callers with a JWT bearer token whose roles claim has {@code audit-reader}, verified by the
         * JWT plugin (configured under {@code jwt.}).
         */
        JWT
    }

    /** {@code audit.security}: who may read; {@code none} unless set. */
    @WithDefault("none")
    Security security();
}
