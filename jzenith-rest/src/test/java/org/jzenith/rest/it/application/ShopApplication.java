package org.jzenith.rest.it.application;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/** Written as Jersey and Open Liberty applications are: classes, singletons and a base path. */
@ApplicationPath("/api")
public class ShopApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(OrderResource.class, NoSuchOrderMapper.class);
    }

    @Override
    @SuppressWarnings("deprecation") // still how applications register instances
    public Set<Object> getSingletons() {
        return Set.of(new PingResource("pong"), new PoweredByFilter("jZenith"));
    }
}
