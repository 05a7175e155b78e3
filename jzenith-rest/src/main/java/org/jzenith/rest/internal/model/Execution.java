package org.jzenith.rest.internal.model;

/** Where a resource method is called. */
public enum Execution {
    /** On the Vert.x event loop: the method must not block. */
    EVENT_LOOP,
    /** On a new virtual thread: blocking is fine. */
    VIRTUAL_THREAD,
    /** On a Vert.x worker thread ({@code @Blocking}). */
    WORKER
}
