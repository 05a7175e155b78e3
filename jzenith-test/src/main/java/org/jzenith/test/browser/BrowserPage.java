package org.jzenith.test.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A page of {@link HeadlessChromium}, driven over the DevTools protocol: commands, their answers, and
 * waiting in the page itself (the page's own timer polls, so the test's thread waits for one answer).
 *
 * <pre>{@code
 * page.navigate("http://127.0.0.1:" + port + "/");
 * String text = page.waitFor("document.querySelector('#status').textContent", "the status");
 * }</pre>
 */
public final class BrowserPage implements WebSocket.Listener, AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final StringBuilder frame = new StringBuilder();
    private WebSocket socket;

    private BrowserPage() {}

    static BrowserPage connect(final int port) throws IOException, InterruptedException {
        final HttpClient http = HttpClient.newHttpClient();
        final JsonNode targets = JSON.readTree(http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
        String url = "";
        for (final JsonNode target : targets) {
            if (target.path("type").asText().equals("page")) {
                url = target.path("webSocketDebuggerUrl").asText();
                break;
            }
        }
        if (url.isEmpty()) {
            throw new IllegalStateException("Chromium has no page to drive: " + targets);
        }
        final BrowserPage page = new BrowserPage();
        page.socket =
                http.newWebSocketBuilder().buildAsync(URI.create(url), page).join();
        page.call("Page.enable", JSON.createObjectNode());
        return page;
    }

    /** Opens {@code url} in the page. */
    public void navigate(final String url) {
        call("Page.navigate", JSON.createObjectNode().put("url", url));
    }

    /**
     * Sends a DevTools command; its result.
     *
     * @throws IllegalStateException when the browser answers with an error
     */
    public JsonNode call(final String method, final ObjectNode params) {
        final int id = ids.incrementAndGet();
        final CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        final ObjectNode command = JSON.createObjectNode().put("id", id).put("method", method);
        command.set("params", params);
        socket.sendText(command.toString(), true).join();
        final JsonNode result =
                answer.orTimeout(WAIT.toSeconds() + 15, TimeUnit.SECONDS).join();
        if (result.has("error")) {
            throw new IllegalStateException(method + " failed: " + result.get("error"));
        }
        return result.path("result");
    }

    /** The value of a JavaScript expression in the page (awaited when it is a promise), as text. */
    public String evaluate(final String expression) {
        final JsonNode result = call(
                "Runtime.evaluate",
                JSON.createObjectNode()
                        .put("expression", expression)
                        .put("awaitPromise", true)
                        .put("returnByValue", true));
        if (result.has("exceptionDetails")) {
            throw new IllegalStateException(expression + " failed in the page: " + result.get("exceptionDetails"));
        }
        return result.path("result").path("value").asText();
    }

    /**
     * Waits in the page until {@code condition} is truthy, for at most a minute; its value, as text.
     *
     * @throws IllegalStateException naming {@code what} when it never is
     */
    public String waitFor(final String condition, final String what) {
        // A navigation replaces the page's context while an evaluation waits in it: ask again.
        for (int attempt = 0; ; attempt++) {
            try {
                return waitOnce(condition, what);
            } catch (final IllegalStateException e) {
                if (attempt >= 3 || !String.valueOf(e.getMessage()).contains("context")) {
                    throw e;
                }
            }
        }
    }

    private String waitOnce(final String condition, final String what) {
        return evaluate("new Promise((resolve, reject) => { const start = Date.now();"
                + " (function poll() { let value; try { value = " + condition + "; } catch (e) { value = null; }"
                + " if (value) { resolve(typeof value === 'string' ? value : 'true'); }"
                + " else if (Date.now() - start > " + WAIT.toMillis() + ") {"
                + " reject(new Error('waited in vain for "
                + what.replace("\\", "\\\\").replace("'", "\\'")
                + "')); }"
                + " else { setTimeout(poll, 100); } })(); })");
    }

    /** Saves what the page shows as a PNG. */
    public void screenshot(final Path file) throws IOException {
        final JsonNode shot =
                call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png"));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, Base64.getDecoder().decode(shot.path("data").asText()));
    }

    @Override
    public CompletionStage<?> onText(final WebSocket webSocket, final CharSequence data, final boolean last) {
        frame.append(data);
        if (last) {
            try {
                final JsonNode message = JSON.readTree(frame.toString());
                if (message.has("id")) {
                    final CompletableFuture<JsonNode> answer =
                            pending.remove(message.get("id").asInt());
                    if (answer != null) {
                        answer.complete(message);
                    }
                }
            } catch (final IOException e) {
                pending.values().forEach(answer -> answer.completeExceptionally(e));
            } finally {
                frame.setLength(0);
            }
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public void onError(final WebSocket webSocket, final Throwable error) {
        pending.values().forEach(answer -> answer.completeExceptionally(error));
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
    }
}
