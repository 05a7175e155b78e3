package org.jzenith.rest.it;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.QueryParam;

public record Paging(
        @QueryParam("offset") @DefaultValue("0") int offset,
        @QueryParam("limit") @DefaultValue("10") int limit,
        @HeaderParam("X-Tenant") String tenant) {}
