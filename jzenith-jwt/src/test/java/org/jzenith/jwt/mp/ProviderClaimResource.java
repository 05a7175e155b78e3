package org.jzenith.jwt.mp;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.util.Set;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.Claims;

/** A singleton reads claims through Provider, which MicroProfile JWT 2.1 allows in any scope. */
@Path("/provider")
@Singleton
public class ProviderClaimResource {

    @Inject
    @Claim(standard = Claims.upn)
    Provider<String> upn;

    @Inject
    @Claim("groups")
    Provider<Set<String>> groups;

    @GET
    public String get() {
        return upn.get() + " " + groups.get().stream().sorted().toList();
    }
}
