package org.jzenith.messaging;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Applies each message of an {@code @Incoming} method once: the message's id is recorded in the
 * store plugin's inbox in one transaction with the method's own writes (for the JDBC plugin: its
 * Jdbi calls on the calling thread join that transaction; for the reactive PostgreSQL plugin: the
 * commands it sends, and awaits, on {@code PostgresqlInbox.transaction()}), and a message whose id is recorded already
 * is acknowledged without calling the method. The id is the {@code jzenith-event-id} header an outbox
 * sets (at most 255 characters; a longer one sends the record to the dead-letter topic), else the
 * record's position under its topic's id, {@code topicId-partition@offset}: a topic deleted and created
 * again has a new id, so its records are not taken for copies of the old topic's.
 *
 * <pre>{@code
 * JZenith.application(args).withPlugins(JdbcPlugin.create().withOutbox(), KafkaPlugin.withConsumers(Audit.class));
 *
 * @Incoming("users.events")
 * @Idempotent
 * void apply(final UserEvent event) {
 *     jdbi.useHandle(handle -> handle.createUpdate("INSERT INTO audit ...").execute());   // joins the inbox's transaction
 * }
 * }</pre>
 *
 * <p>The method must finish its work before it returns (return nothing or a plain value; a {@code
 * CompletionStage} would complete after the transaction): start-up fails otherwise, and without an
 * inbox ({@code JdbcPlugin.create().withOutbox()} or {@code PostgresqlPlugin.create().withOutbox()}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Idempotent {}
