package org.jzenith.docs.security;

import org.jzenith.core.JZenith;
import org.jzenith.core.security.PasswordHashing;
import org.jzenith.jdbc.JdbcIdentityStore;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.security.BasicAuthentication;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/security.md, "HTTP Basic with an identity store": the scheme and the JDBC store. */
public final class BasicApp {

    private BasicApp() {}

    public static void main(final String... args) {
        // tag::main[]
        JZenith.application(args)
               .withPlugins(RestPlugin.withResources(OrderResource.class), JdbcPlugin.create())
               .withModules(BasicAuthentication.realm("shop"),       // the Basic scheme
                            JdbcIdentityStore.module())              // users in the JDBC plugin's database
               .run();
        // end::main[]
    }

    static JdbcIdentityStore.Settings ownQueries() {
        // tag::queries[]
        return JdbcIdentityStore.module()
                .withPasswordQuery("SELECT pw FROM accounts WHERE login = ? AND enabled")
                .withRolesQuery("SELECT g.name FROM groups g JOIN members m ON m.group_id = g.id WHERE m.login = ?");
        // end::queries[]
    }

    static String hash(final char[] password) {
        // tag::hash[]
        final String stored = PasswordHashing.pbkdf2().hash(password);
        // $pbkdf2-sha256$i=600000$<16-byte salt, base64>$<32-byte hash, base64>: INSERT it as password_hash
        // end::hash[]
        return stored;
    }
}
// spotless:on
