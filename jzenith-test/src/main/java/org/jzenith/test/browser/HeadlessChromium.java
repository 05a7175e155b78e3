package org.jzenith.test.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's Chromium, headless, with a new empty profile, for tests that need a real browser: a page is
 * driven over the Chrome DevTools protocol with the JDK's own WebSocket client, so no driver and no
 * browser download are needed.
 *
 * <pre>{@code
 * HeadlessChromium.ensureInstalled(Path.of("../../scripts/chromium.sh"));
 * try (HeadlessChromium chromium = HeadlessChromium.start(Path.of("target"));
 *         BrowserPage page = chromium.page()) {
 *     page.navigate(app.client().baseUri() + "/swagger-ui/");
 *     page.waitFor("document.querySelector('#operations-UserResource-create')", "POST /users is listed");
 * }
 * }</pre>
 */
public final class HeadlessChromium implements AutoCloseable {

    /** Where Debian's chromium package puts the browser. */
    public static final Path BROWSER = Path.of("/usr/bin/chromium");

    private static final Duration START = Duration.ofSeconds(60);

    private final Process process;
    private final Path profile;
    private final int port;

    private HeadlessChromium(final Process process, final Path profile, final int port) {
        this.process = process;
        this.profile = profile;
        this.port = port;
    }

    /**
     * Makes sure Chromium is there by running {@code installer}, a script that installs it when it is
     * missing (e.g. with apt-get) and fails, saying why, when it cannot. A browser that cannot be had
     * fails the test: a skipped browser test would let a broken page pass the build.
     *
     * @throws AssertionError when {@code installer} fails or leaves no browser
     */
    public static void ensureInstalled(final Path installer) throws IOException, InterruptedException {
        final Process install = new ProcessBuilder("sh", installer.toString())
                .redirectErrorStream(true)
                .start();
        final String output = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final boolean finished = install.waitFor(15, TimeUnit.MINUTES);
        if (!finished) {
            install.destroyForcibly();
        }
        if (!finished || install.exitValue() != 0 || !Files.isExecutable(BROWSER)) {
            throw new AssertionError("Chromium is not installed and " + installer + " could not install it"
                    + (finished ? "" : " within 15 minutes") + ": " + output.strip()
                    + "; install Debian's chromium package (as root: apt-get install chromium), then run again");
        }
    }

    /**
     * Starts the browser with a new, empty profile; its output goes to {@code logs}/chromium.log.
     *
     * @throws IllegalStateException when it exits or opens no DevTools port within a minute
     */
    public static HeadlessChromium start(final Path logs) throws IOException, InterruptedException {
        final Path profile = Files.createTempDirectory("chromium-profile");
        Files.createDirectories(logs);
        final Path log = logs.resolve("chromium.log");
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            profile.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            final Process process = new ProcessBuilder(
                            BROWSER.toString(),
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
                            // Leaving a page unloads it (and closes its connections), as a test expects;
                            // the back-forward cache would keep it, frozen, with its streams open.
                            "--disable-features=BackForwardCache",
                            "--user-data-dir=" + profile,
                            "--remote-debugging-port=0",
                            "--remote-allow-origins=*",
                            "--window-size=1280,1800",
                            "about:blank")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            // Chromium writes its port to DevToolsActivePort once it listens.
            final Path active = profile.resolve("DevToolsActivePort");
            final long deadline = System.nanoTime() + START.toNanos();
            while (System.nanoTime() < deadline) {
                if (Files.exists(active)) {
                    final List<String> lines = Files.readAllLines(active);
                    if (lines.size() >= 2) {
                        return new HeadlessChromium(
                                process, profile, Integer.parseInt(lines.get(0).trim()));
                    }
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException("Chromium exited with " + process.exitValue() + "; see " + log);
                }
                final var key = watch.poll(1, TimeUnit.SECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
            process.destroyForcibly();
            throw new IllegalStateException("Chromium did not open its DevTools port within " + START + "; see " + log);
        }
    }

    /** The browser's page, to drive; close it before the browser. */
    public BrowserPage page() throws IOException, InterruptedException {
        return BrowserPage.connect(port);
    }

    /** Stops the browser and deletes its profile. */
    @Override
    public void close() throws IOException {
        process.destroy();
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (final Exception e) {
            process.destroyForcibly();
        }
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        }
    }
}
