package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;

/**
 * Swagger UI of the user service in a real browser: Debian's Chromium, headless, driven over the
 * Chrome DevTools protocol with the JDK's own WebSocket client (no driver, no browser download).
 * It opens {@code /swagger-ui/}, expands {@code POST /users}, tries it out with the example body,
 * executes it and finds 201 in the page; the screenshot is {@code
 * target/swagger-ui-post-users.png}. {@code scripts/chromium.sh} installs Chromium when it is
 * missing; when that fails the test fails, saying why (it is never skipped).
 */
class SwaggerUiBrowserIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("user-service-browser"));

    private static Process chromium;
    private static Path profile;

    /**
     * Makes sure Chromium is there, installing it with {@code scripts/chromium.sh} (or the script
     * named by {@code -Djzenith.chromium-script}, which lets a check try a failing install). A
     * browser that cannot be had fails the test rather than skipping it: a skipped browser test
     * would let a broken Swagger UI pass the build, under {@code CI=true} as anywhere.
     */
    @BeforeAll
    static void installChromium() throws IOException, InterruptedException {
        final Path script = Optional.ofNullable(System.getProperty("jzenith.chromium-script"))
                .map(Path::of)
                .orElseGet(() -> Path.of("").toAbsolutePath().resolve("../../scripts/chromium.sh"))
                .normalize();
        final Process install = new ProcessBuilder("sh", script.toString())
                .redirectErrorStream(true)
                .start();
        final String output = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final boolean finished = install.waitFor(15, TimeUnit.MINUTES);
        if (!finished) {
            install.destroyForcibly();
        }
        if (!finished || install.exitValue() != 0) {
            throw new AssertionError("Chromium is not installed and " + script + " could not install it"
                    + (finished ? "" : " within 15 minutes") + ": " + output.strip()
                    + "; install Debian's chromium package (as root: apt-get install chromium), then run again");
        }
    }

    @AfterAll
    static void stopChromium() throws IOException {
        if (chromium != null) {
            chromium.destroy();
            try {
                chromium.onExit().get(10, TimeUnit.SECONDS);
            } catch (final Exception e) {
                chromium.destroyForcibly();
            }
        }
        if (profile != null) {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
        }
    }

    @Test
    void postUsersIsExecutedFromSwaggerUi() throws Exception {
        final String page = APP.client().baseUri() + "/swagger-ui/";
        try (DevTools browser = DevTools.connect(startChromium())) {
            browser.call("Page.enable", JSON.createObjectNode());
            browser.call("Page.navigate", JSON.createObjectNode().put("url", page));

            final String operation = "#operations-UserResource-create";
            browser.waitFor("document.querySelector('" + operation + "')", "POST /users is listed");
            browser.evaluate("document.querySelector('" + operation + " .opblock-summary-control').click()");
            browser.waitFor("document.querySelector('" + operation + " .try-out__btn')", "POST /users is expanded");
            browser.evaluate("document.querySelector('" + operation + " .try-out__btn').click()");
            browser.waitFor("document.querySelector('" + operation + " textarea.body-param__text')", "the body editor");
            browser.waitFor("document.querySelector('" + operation + " .execute')", "the Execute button");
            browser.evaluate("document.querySelector('" + operation + " .execute').click()");
            final String status = browser.waitFor(
                    "(() => { const s = document.querySelector('" + operation
                            + " .live-responses-table tbody .response-col_status');"
                            + " return s && s.textContent.trim(); })()",
                    "the response of POST /users");
            browser.evaluate("document.querySelector('" + operation + " .live-responses-table').scrollIntoView()");
            final String body = browser.evaluate("document.querySelector('" + operation
                    + " .live-responses-table tbody .response-col_description')" + ".textContent");
            final Path screenshot = Path.of("target", "swagger-ui-post-users.png");
            browser.screenshot(screenshot);

            assertThat(status).isEqualTo("201");
            assertThat(body).contains("\"id\"", "\"name\"");
            assertThat(Files.size(screenshot)).isPositive();
        }
    }

    /** Starts Chromium with a new, empty profile; returns its DevTools port once it listens. */
    private static int startChromium() throws IOException, InterruptedException {
        profile = temporaryFolder("chromium-profile");
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            profile.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            chromium = new ProcessBuilder(
                            "/usr/bin/chromium",
                            // The flags that work on this kind of machine: no sandbox as root, and no
                            // background connections to hosts a closed network refuses.
                            "--headless",
                            "--no-sandbox",
                            "--disable-gpu",
                            "--disable-quic",
                            "--no-first-run",
                            "--disable-background-networking",
                            "--disable-component-update",
                            "--disable-sync",
                            "--user-data-dir=" + profile,
                            "--remote-debugging-port=0",
                            "--remote-allow-origins=*",
                            "--window-size=1280,1800",
                            "about:blank")
                    .redirectErrorStream(true)
                    .redirectOutput(Path.of("target", "chromium.log").toFile())
                    .start();
            // Chromium writes its port to DevToolsActivePort once it listens.
            final Path active = profile.resolve("DevToolsActivePort");
            final long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                if (Files.exists(active)) {
                    final List<String> lines = Files.readAllLines(active);
                    if (lines.size() >= 2) {
                        return Integer.parseInt(lines.get(0).trim());
                    }
                }
                if (!chromium.isAlive()) {
                    throw new IllegalStateException(
                            "Chromium exited with " + chromium.exitValue() + "; see target/chromium.log");
                }
                final var key = watch.poll(1, TimeUnit.SECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
        throw new IllegalStateException("Chromium did not open its DevTools port within " + WAIT);
    }

    private static Path temporaryFolder(final String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A page of the browser, driven over the DevTools protocol: commands, answers, and waiting in the page. */
    private static final class DevTools implements WebSocket.Listener, AutoCloseable {

        private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
        private final AtomicInteger ids = new AtomicInteger();
        private final StringBuilder frame = new StringBuilder();
        private WebSocket socket;

        static DevTools connect(final int port) throws IOException, InterruptedException {
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
            final DevTools devTools = new DevTools();
            devTools.socket = http.newWebSocketBuilder()
                    .buildAsync(URI.create(url), devTools)
                    .join();
            return devTools;
        }

        JsonNode call(final String method, final ObjectNode params) {
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

        /** The value of a JavaScript expression in the page, as text. */
        String evaluate(final String expression) {
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
         * Waits in the page, polling there, until {@code condition} is truthy; its value, as text. The
         * page's own timer polls, so this thread waits for one answer.
         */
        String waitFor(final String condition, final String what) {
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
                    + " reject(new Error('waited in vain for " + what + "')); }"
                    + " else { setTimeout(poll, 100); } })(); })");
        }

        void screenshot(final Path file) throws IOException {
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
}
