package org.jzenith.core.spi.execution;

/** Where an application's method is called ({@link ExecutionRule}). */
public enum Execution {
    /** On a Vert.x event loop: the method must not block. */
    EVENT_LOOP,
    /** On a virtual thread: blocking is fine. */
    VIRTUAL_THREAD,
    /**
     * Asked for with {@code @Blocking}: off the event loop, where blocking is fine. REST calls such a
     * method on a Vert.x worker thread; a module without workers calls it on a virtual thread.
     */
    WORKER
}
