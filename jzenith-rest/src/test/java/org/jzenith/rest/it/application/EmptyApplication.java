package org.jzenith.rest.it.application;

import jakarta.ws.rs.core.Application;

/** Relies on scanning, which jZenith does not do. */
public class EmptyApplication extends Application {}
