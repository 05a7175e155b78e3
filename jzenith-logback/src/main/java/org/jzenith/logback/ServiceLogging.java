package org.jzenith.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * A jZenith service's logging, set up in code: a service that has this module on its class path
 * logs to the console without a {@code logback.xml}, which spares start-up Logback's XML parser
 * (about 600 classes, 80 ms of CPU and 4 MB in a 128 MiB container, measured). Logback finds it
 * through {@code META-INF/services}; a {@code logback.xml} of the service's own is then not read.
 *
 * <pre>
 * 12:00:01.234 INFO  [vert.x-eventloop-thread-0] o.j.rest.RestPlugin - REST server listening on ...
 * </pre>
 *
 * <p>With {@code LOG_FORMAT=json} in the environment (or {@code -Dlog.format=json}) every line is
 * one JSON object for a log collector: Logback's {@code JsonEncoder} with the formatted message,
 * level, thread, logger, MDC, key-value pairs (the access log's figures are fields) and the
 * throwable. It is read here rather than from the service's configuration, which is loaded after
 * logging starts. {@code LOG_LEVEL} (or {@code -Dlog.level}) sets the root level, INFO by default.
 */
public final class ServiceLogging extends ContextAwareBase implements Configurator {

    /** Libraries whose INFO lines repeat what jZenith's plugins already say once. */
    private static final Map<String, Level> QUIETER = Map.of(
            "org.hibernate.validator", Level.WARN,
            // Pool and migration chatter: the JDBC plugin logs the one line that matters (which database).
            "com.zaxxer.hikari", Level.WARN,
            "org.flywaydb", Level.WARN,
            // The embedded PostgreSQL of the dev profile logs each step; the plugin's one line says what runs where.
            "io.zonky", Level.WARN,
            // The Redis client logs a stack trace per broken connection; the plugin reports outages itself.
            "io.vertx.redis.client.impl.RedisConnectionManager", Level.OFF);

    @Override
    public ExecutionStatus configure(final LoggerContext context) {
        final Encoder<ILoggingEvent> encoder = format().equals("json") ? jsonLines() : readableLines();
        encoder.setContext(context);
        encoder.start();
        final ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("console");
        console.setEncoder(encoder);
        console.start();
        bridgeJavaUtilLogging(context);
        final ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(setting("log.level", "LOG_LEVEL").orElse("INFO"), Level.INFO));
        root.addAppender(console);
        QUIETER.forEach((logger, level) -> context.getLogger(logger).setLevel(level));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /**
     * Sends what libraries log through {@code java.util.logging} (OpenTelemetry's SDK does) to these
     * appenders, so that a JSON log stays one JSON object per line. The propagator sets
     * java.util.logging's levels to Logback's, so that a disabled level costs the library nothing.
     */
    private static void bridgeJavaUtilLogging(final LoggerContext context) {
        final LevelChangePropagator propagator = new LevelChangePropagator();
        propagator.setContext(context);
        propagator.setResetJUL(true);
        propagator.start();
        context.addListener(propagator);
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
    }

    /** {@code text} or {@code json}. */
    static String format() {
        return format(System::getProperty, System::getenv);
    }

    /**
     * The format as {@code properties} and {@code environment} give it (either answers null for a
     * name not set): the property {@code log.format} first, then {@code LOG_FORMAT}, else {@code text}.
     */
    static String format(final UnaryOperator<String> properties, final UnaryOperator<String> environment) {
        return Optional.ofNullable(properties.apply("log.format"))
                .or(() -> Optional.ofNullable(environment.apply("LOG_FORMAT")))
                .orElse("text")
                .toLowerCase(Locale.ROOT);
    }

    private static Optional<String> setting(final String property, final String variable) {
        return Optional.ofNullable(System.getProperty(property)).or(() -> Optional.ofNullable(System.getenv(variable)));
    }

    /**
     * The message as formatted ({@code "listening on http://0.0.0.0:8080"}), not the pattern and its
     * arguments apart, which is Logback's default; no sequence numbers or logger context, which say
     * nothing to a reader of service logs.
     */
    static JsonEncoder jsonLines() {
        final JsonEncoder encoder = new JsonEncoder();
        encoder.setWithFormattedMessage(true);
        encoder.setWithMessage(false);
        encoder.setWithArguments(false);
        encoder.setWithSequenceNumber(false);
        encoder.setWithNanoseconds(false);
        encoder.setWithContext(false);
        return encoder;
    }

    private static PatternLayoutEncoder readableLines() {
        final PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setPattern("%d{HH:mm:ss.SSS} %-5level [%thread] %logger{24} - %msg%n");
        return encoder;
    }
}
