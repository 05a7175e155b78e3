package org.jzenith.rest.it.http;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/** Bodies of every kind compression decides on: large and small JSON, text, bytes. */
@Path("/features")
public class FeatureResource {

    /** About 4 KiB of JSON. */
    @GET
    @Path("/big")
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, String> big() {
        final Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < 100; i++) {
            values.put("key-" + i, "a value that repeats itself " + i);
        }
        return values;
    }

    @GET
    @Path("/small")
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Integer> small() {
        return Map.of("a", 1);
    }

    @GET
    @Path("/text")
    @Produces(MediaType.TEXT_PLAIN)
    public String text() {
        return "plain text that compresses well. ".repeat(100);
    }

    /** 4 KiB of random bytes: nothing to gain by compressing them. */
    @GET
    @Path("/binary")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public byte[] binary() {
        final byte[] bytes = new byte[4096];
        new Random(42).nextBytes(bytes);
        return bytes;
    }
}
