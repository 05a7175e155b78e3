package org.jzenith.rest.internal.observability;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * One answered HTTP request, for Flight Recorder: a recording can then tell one endpoint from
 * another by route template, and read where its latency and bytes went. Committed on the event
 * loop when the response ends; costs a check of a flag when no recording takes it.
 */
@Name(RequestEvent.NAME)
@Label("jZenith Request")
@Category({"jZenith", "HTTP"})
@Description("An HTTP request answered by a jZenith service")
@StackTrace(false)
public final class RequestEvent extends jdk.jfr.Event {

    public static final String NAME = "jzenith.Request";

    @Label("Method")
    public String method;

    @Label("Route")
    @Description("The route template, never the raw path")
    public String route;

    @Label("Status")
    public int status;

    // Not "duration": JFR reserves that name for the event's own begin-to-end time, which cannot
    // span the threads a request crosses.
    @Label("Latency")
    @Description("From the request's arrival at its handler to the end of its response")
    @Timespan(Timespan.NANOSECONDS)
    public long latency;

    @Label("Bytes In")
    @DataAmount
    public long bytesIn;

    @Label("Bytes Out")
    @DataAmount
    public long bytesOut;

    @Label("Thread Kind")
    @Description("Where the method ran: event loop, virtual thread or worker")
    public String threadKind;

    @Label("Resource Method")
    @Description("The resource method's class and name as stack frames show them, to find its allocation samples;"
            + " empty for routes that are not resource methods")
    public String resource;
}
