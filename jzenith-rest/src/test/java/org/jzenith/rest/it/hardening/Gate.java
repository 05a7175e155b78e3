package org.jzenith.rest.it.hardening;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Holds every request (on its virtual thread) until the test opens the gate. */
@Path("/gate")
@Produces(MediaType.TEXT_PLAIN)
public class Gate {

    static volatile CountDownLatch open = new CountDownLatch(0);
    static final AtomicInteger WAITING = new AtomicInteger();

    @GET
    public String pass() throws InterruptedException {
        WAITING.incrementAndGet();
        try {
            return open.await(30, TimeUnit.SECONDS) ? "passed" : "timed out";
        } finally {
            WAITING.decrementAndGet();
        }
    }
}
