package org.jzenith.examples.audit;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * {@code GET /audit}: the kept events, oldest first, for the role {@code audit-reader} (they name
 * users). A plain method: runs on a virtual thread.
 */
@Path("/audit")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(AuditResource.READER)
public class AuditResource {

    /** The role that may read the audit log. */
    public static final String READER = "audit-reader";

    private final AuditLog log;

    @Inject
    public AuditResource(final AuditLog log) {
        this.log = log;
    }

    @GET
    public List<AuditEntry> list(
            @QueryParam("offset") @DefaultValue("0") @Min(0) final int offset,
            @QueryParam("limit") @DefaultValue("100") @Min(1) @Max(1000) final int limit) {
        return log.list(offset, limit);
    }
}
