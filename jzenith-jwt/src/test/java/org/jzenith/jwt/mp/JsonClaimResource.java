package org.jzenith.jwt.mp;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.ClaimValue;
import org.eclipse.microprofile.jwt.Claims;

/** Claims as JSON-P values, as MicroProfile JWT 2.1's TCK injects them into a request-scoped bean. */
@Path("/json-claims")
@RequestScoped
public class JsonClaimResource {

    @Inject
    @Claim(standard = Claims.address)
    JsonObject address;

    @Inject
    @Claim("tags") // not groups: a standard claim MicroProfile types as a Set, whose order is not kept
    JsonArray tags;

    @Inject
    @Claim(standard = Claims.upn)
    JsonString upn;

    @Inject
    @Claim("level")
    ClaimValue<JsonNumber> level;

    @GET
    public String get() {
        return address + " " + tags + " " + upn + " " + level.getValue() + " "
                + (address == null ? "" : address.getString("locality"));
    }
}
