package org.jzenith.rest.internal.security;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.security.Identity;

class AccessRuleTest {

    private static final AccessRule READERS = new AccessRule(false, List.of("reader"), false);
    private static final AccessRule NO_ONE = new AccessRule(true, List.of(), false);

    @Test
    void noUserIsUnauthenticated() {
        assertThat(READERS.refusal(user(null, Set.of())))
                .hasValueSatisfying(
                        refusal -> assertThat(refusal.unauthenticated()).isTrue());
    }

    @Test
    void aUserOutsideTheRolesIsForbidden() {
        assertThat(READERS.refusal(user(new Identity.Name("bob"), Set.of("writer"))))
                .hasValueSatisfying(
                        refusal -> assertThat(refusal.unauthenticated()).isFalse());
    }

    @Test
    void aUserInOneOfTheRolesMayCall() {
        assertThat(READERS.refusal(user(new Identity.Name("ada"), Set.of("reader"))))
                .isEmpty();
    }

    @Test
    void denyAllIsForbiddenEvenWithoutAUserSinceAuthenticatingWouldNotHelp() {
        assertThat(NO_ONE.refusal(user(null, Set.of())))
                .hasValueSatisfying(
                        refusal -> assertThat(refusal.unauthenticated()).isFalse());
    }

    private static SecurityContext user(final Principal principal, final Set<String> roles) {
        return new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return principal;
            }

            @Override
            public boolean isUserInRole(final String role) {
                return roles.contains(role);
            }

            @Override
            public boolean isSecure() {
                return false;
            }

            @Override
            public String getAuthenticationScheme() {
                return null;
            }
        };
    }
}
