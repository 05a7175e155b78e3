package org.jzenith.rest.it.conventions;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** A second application, which cannot be served beside the first. */
@ApplicationPath("/other")
public class OtherApplication extends Application {}
