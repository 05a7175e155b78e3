package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.browser.BrowserPage;
import org.jzenith.test.browser.HeadlessChromium;

/**
 * Swagger UI of the user service in a real browser: Debian's Chromium, headless ({@link HeadlessChromium},
 * driven over the Chrome DevTools protocol, no driver and no browser download).
 * It opens {@code /swagger-ui/}, expands {@code POST /users}, tries it out with the example body,
 * executes it and finds 201 in the page; the screenshot is {@code
 * target/swagger-ui-post-users.png}. {@code scripts/chromium.sh} installs Chromium when it is
 * missing; when that fails the test fails, saying why (it is never skipped).
 */
class SwaggerUiBrowserIT {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("user-service-browser"));

    /**
     * Makes sure Chromium is there, installing it with {@code scripts/chromium.sh} (or the script
     * named by {@code -Djzenith.chromium-script}, which lets a check try a failing install). A
     * browser that cannot be had fails the test rather than skipping it: a skipped browser test
     * would let a broken Swagger UI pass the build, under {@code CI=true} as anywhere.
     */
    @BeforeAll
    static void installChromium() throws IOException, InterruptedException {
        HeadlessChromium.ensureInstalled(Optional.ofNullable(System.getProperty("jzenith.chromium-script"))
                .map(Path::of)
                .orElseGet(() -> Path.of("").toAbsolutePath().resolve("../../scripts/chromium.sh"))
                .normalize());
    }

    @Test
    void postUsersIsExecutedFromSwaggerUi() throws Exception {
        final String page = APP.client().baseUri() + "/swagger-ui/";
        try (HeadlessChromium chromium = HeadlessChromium.start(Path.of("target"));
                BrowserPage browser = chromium.page()) {
            browser.navigate(page);

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

    private static Path temporaryFolder(final String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
