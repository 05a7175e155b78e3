package org.jzenith.jwt.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class RolesClaimTest {

    @Test
    void anArrayOfStrings() {
        assertThat(new RolesClaim("groups").roles(new JsonObject().put("groups", List.of("a", "b", 3))))
                .containsExactly("a", "b");
    }

    @Test
    void aStringOfRolesSeparatedBySpaces() {
        assertThat(new RolesClaim("scope").roles(new JsonObject().put("scope", " read  write ")))
                .containsExactly("read", "write");
    }

    @Test
    void aDottedPathIntoNestedObjects() {
        final JsonObject claims = new JsonObject().put("realm_access", new JsonObject().put("roles", List.of("admin")));
        assertThat(new RolesClaim("realm_access.roles").roles(claims)).containsExactly("admin");
    }

    @Test
    void aNameWithDotsIsFirstLookedUpAsItIs() {
        final JsonObject claims = new JsonObject().put("https://example.com/roles", List.of("editor"));
        assertThat(new RolesClaim("https://example.com/roles").roles(claims)).containsExactly("editor");
    }

    @Test
    void missingOrOtherShapesAreNoRoles() {
        assertThat(new RolesClaim("groups").roles(new JsonObject())).isEmpty();
        assertThat(new RolesClaim("groups").roles(new JsonObject().put("groups", 7)))
                .isEmpty();
        assertThat(new RolesClaim("a.b").roles(new JsonObject().put("a", "text")))
                .isEmpty();
    }
}
