package org.jzenith.rest.it.providers;

/** Named among the providers by mistake: it implements no provider interface. */
public class NotAProvider {}
