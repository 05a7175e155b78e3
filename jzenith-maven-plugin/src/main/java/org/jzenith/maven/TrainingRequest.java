package org.jzenith.maven;

import java.util.Locale;

/**
 * One request of an AOT training run, as written in the plugin's configuration:
 *
 * <pre>{@code
 * <trainingRequest><method>POST</method><path>/users</path><body>{"name":"Ada"}</body></trainingRequest>
 * <trainingRequest><path>/users</path></trainingRequest>
 * }</pre>
 *
 * <p>Maven sets the fields; a JSON body is sent with {@code Content-Type: application/json}. A
 * request must be answered with a status below 400, or with {@code status} when that is given (a
 * 404 trains the error path: {@code <status>404</status>}).
 */
public final class TrainingRequest {

    private String method = "GET";
    private String path;
    private String body;
    private Integer status;

    /** For Maven, which fills the fields from the configuration. */
    public TrainingRequest() {}

    /** A request written in code (tests, defaults). */
    public TrainingRequest(final String method, final String path, final String body) {
        this.method = method;
        this.path = path;
        this.body = body;
    }

    /** This request, expecting {@code answer} rather than any status below 400. */
    TrainingRequest expecting(final int answer) {
        this.status = answer;
        return this;
    }

    /** GET, POST, PUT, ... (upper case). */
    public String method() {
        return method == null ? "GET" : method.trim().toUpperCase(Locale.ROOT);
    }

    /** The path and query, starting with a slash. */
    public String path() {
        return path == null ? "" : path.trim();
    }

    /** The JSON body, or {@code null} for none. */
    public String body() {
        return body == null || body.isBlank() ? null : body.trim();
    }

    /** Whether the service's answer is the one this request expects. */
    boolean accepts(final int answered) {
        return status == null ? answered < 400 : answered == status;
    }

    /** What {@link #accepts} wants, in words. */
    String expected() {
        return status == null ? "a status below 400" : "status " + status;
    }

    @Override
    public String toString() {
        return method() + " " + path() + (body() == null ? "" : " " + body());
    }
}
