package org.jzenith.benchmarks.plain;

import jakarta.inject.Singleton;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.Semaphore;

/**
 * Endpoints that block for 200 ms, standing for a slow downstream call: straight, and after taking
 * one of 50 permits, as a JDBC pool of 50 connections would ration them. Each runs on a virtual
 * thread (the plain method, jZenith's default) and on Vert.x's worker pool ({@code @Blocking}).
 * The answer says which kind of thread it ran on, so the benchmark can check it.
 */
@Path("/sleep")
@Produces(MediaType.APPLICATION_JSON)
@Singleton // its state is shared by every request
public class SleepResource {

    /** Where a request ran. */
    public record Slept(boolean virtual, String thread) {}

    private static final long SLEEP_MILLIS = 200;
    private static final int PERMITS = 50;

    private final Semaphore virtualPool = new Semaphore(PERMITS, true);
    private final Semaphore workerPool = new Semaphore(PERMITS, true);

    @GET
    @Path("/virtual")
    public Slept virtual() throws InterruptedException {
        return sleep();
    }

    @GET
    @Path("/worker")
    @Blocking
    public Slept worker() throws InterruptedException {
        return sleep();
    }

    @GET
    @Path("/pool/virtual")
    public Slept virtualWithPool() throws InterruptedException {
        return withPermit(virtualPool);
    }

    @GET
    @Path("/pool/worker")
    @Blocking
    public Slept workerWithPool() throws InterruptedException {
        return withPermit(workerPool);
    }

    private static Slept withPermit(final Semaphore pool) throws InterruptedException {
        pool.acquire();
        try {
            return sleep();
        } finally {
            pool.release();
        }
    }

    private static Slept sleep() throws InterruptedException {
        Thread.sleep(SLEEP_MILLIS);
        final Thread thread = Thread.currentThread();
        return new Slept(thread.isVirtual(), thread.getName());
    }
}
