package org.jzenith.rest.it.conventions;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** Only its path: where a server scans (Quarkus, Jersey on a servlet container) this is the whole class. */
@ApplicationPath("/store")
public class StoreApplication extends Application {}
