package org.jzenith.benchmarks.vertx;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The six TechEmpower test types, and {@code GET /users/{id}} and {@code POST /users} ({@link Users}),
 * on a plain Vert.x HTTP server, after the TechEmpower vertx entry:
 * routing by path, precomputed header names and values, a {@code Date} value renewed by a one
 * second timer, and one pipelined PostgreSQL connection per verticle (event loop). The connection
 * is held by the pipelined client of the reactive PostgreSQL client ({@link PgBuilder#client()})
 * rather than a bare PgConnection, so that a restart of the database costs only the requests in
 * flight.
 */
public final class BenchmarkVerticle extends VerticleBase {

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    private static final String SELECT_FORTUNE = "SELECT id, message FROM fortune";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";

    private static final CharSequence HEADER_SERVER = HttpHeaders.createOptimized("Server");
    private static final CharSequence HEADER_DATE = HttpHeaders.createOptimized("Date");
    private static final CharSequence HEADER_CONTENT_TYPE = HttpHeaders.createOptimized("Content-Type");
    private static final CharSequence HEADER_LOCATION = HttpHeaders.createOptimized("Location");
    private static final CharSequence SERVER = HttpHeaders.createOptimized("vert.x");
    private static final CharSequence TEXT_PLAIN = HttpHeaders.createOptimized("text/plain");
    private static final CharSequence APPLICATION_JSON = HttpHeaders.createOptimized("application/json");
    private static final CharSequence TEXT_HTML = HttpHeaders.createOptimized("text/html; charset=UTF-8");
    private static final Buffer HELLO_WORLD = Buffer.buffer("Hello, World!");

    private final int port;
    private final PgConnectOptions database;
    private HttpServer server;
    private SqlClient client;
    private CharSequence date;

    BenchmarkVerticle(final int port, final PgConnectOptions database) {
        this.port = port;
        this.database = database;
    }

    @Override
    public Future<?> start() {
        updateDate();
        vertx.setPeriodic(1000, id -> updateDate());
        final HttpServerOptions options = new HttpServerOptions()
                .setPort(port)
                .setHttp2ClearTextEnabled(false)
                // No WebSocket is served: without compression Netty leaves out its WebSocket extension
                // handler, which resets pipelining clients (benchmarks/pipelining.sh), as jZenith does.
                .setPerMessageWebSocketCompressionSupported(false)
                .setPerFrameWebSocketCompressionSupported(false)
                .setStrictThreadMode(true);
        server = vertx.createHttpServer(options).requestHandler(this::handle);
        client = PgBuilder.client()
                .with(new PoolOptions().setMaxSize(1))
                .connectingTo(database)
                .using(vertx)
                .build();
        // Connects now, so that a missing database fails the start.
        return client.preparedQuery(SELECT_WORLD).execute(Tuple.of(1)).compose(rows -> server.listen());
    }

    @Override
    public Future<?> stop() {
        return server.close().eventually(() -> client.close());
    }

    private void updateDate() {
        date = HttpHeaders.createOptimized(DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now()));
    }

    private void handle(final HttpServerRequest request) {
        switch (request.path()) {
            case "/plaintext" -> plaintext(request);
            case "/json" -> json(request);
            case "/db" -> db(request);
            case "/queries" -> queries(request);
            case "/fortunes" -> fortunes(request);
            case "/updates" -> updates(request);
            case "/users" -> createUser(request);
            default -> {
                if (request.path().startsWith("/users/") && request.method() == HttpMethod.GET) {
                    answer(request, Users.get(request.path()));
                    return;
                }
                final HttpServerResponse response = request.response().setStatusCode(404);
                headers(response, TEXT_PLAIN).end();
            }
        }
    }

    private HttpServerResponse headers(final HttpServerResponse response, final CharSequence contentType) {
        response.headers()
                .add(HEADER_CONTENT_TYPE, contentType)
                .add(HEADER_SERVER, SERVER)
                .add(HEADER_DATE, date);
        return response;
    }

    private void plaintext(final HttpServerRequest request) {
        headers(request.response(), TEXT_PLAIN).end(HELLO_WORLD);
    }

    private void json(final HttpServerRequest request) {
        headers(request.response(), APPLICATION_JSON)
                .end(new JsonObject().put("message", "Hello, World!").toBuffer());
    }

    private void db(final HttpServerRequest request) {
        client.preparedQuery(SELECT_WORLD).execute(Tuple.of(randomWorld())).onComplete(result -> {
            if (result.failed()) {
                failed(request, result.cause());
                return;
            }
            final Row row = result.result().iterator().next();
            headers(request.response(), APPLICATION_JSON).end(world(row.getInteger(0), row.getInteger(1)).toBuffer());
        });
    }

    private void queries(final HttpServerRequest request) {
        final int count = queryCount(request);
        final JsonArray worlds = new JsonArray(new ArrayList<>(count));
        final boolean[] failed = {false};
        for (int i = 0; i < count; i++) {
            client.preparedQuery(SELECT_WORLD).execute(Tuple.of(randomWorld())).onComplete(result -> {
                if (failed[0]) {
                    return;
                }
                if (result.failed()) {
                    failed[0] = true;
                    failed(request, result.cause());
                    return;
                }
                final Row row = result.result().iterator().next();
                worlds.add(world(row.getInteger(0), row.getInteger(1)));
                if (worlds.size() == count) {
                    headers(request.response(), APPLICATION_JSON).end(worlds.toBuffer());
                }
            });
        }
    }

    private void updates(final HttpServerRequest request) {
        final int count = queryCount(request);
        final List<int[]> worlds = new ArrayList<>(count);
        final boolean[] failed = {false};
        for (int i = 0; i < count; i++) {
            client.preparedQuery(SELECT_WORLD).execute(Tuple.of(randomWorld())).onComplete(result -> {
                if (failed[0]) {
                    return;
                }
                if (result.failed()) {
                    failed[0] = true;
                    failed(request, result.cause());
                    return;
                }
                final Row row = result.result().iterator().next();
                worlds.add(new int[] {row.getInteger(0), randomWorld()});
                if (worlds.size() == count) {
                    writeUpdates(request, worlds);
                }
            });
        }
    }

    private void writeUpdates(final HttpServerRequest request, final List<int[]> worlds) {
        // Sorted by id, so that concurrent batches lock rows in one order.
        worlds.sort(Comparator.comparingInt(world -> world[0]));
        final List<Tuple> batch = new ArrayList<>(worlds.size());
        final JsonArray body = new JsonArray(new ArrayList<>(worlds.size()));
        for (final int[] world : worlds) {
            batch.add(Tuple.of(world[1], world[0]));
            body.add(world(world[0], world[1]));
        }
        client.preparedQuery(UPDATE_WORLD).executeBatch(batch).onComplete(result -> {
            if (result.failed()) {
                failed(request, result.cause());
                return;
            }
            headers(request.response(), APPLICATION_JSON).end(body.toBuffer());
        });
    }

    private void fortunes(final HttpServerRequest request) {
        client.preparedQuery(SELECT_FORTUNE).execute().onComplete(result -> {
            if (result.failed()) {
                failed(request, result.cause());
                return;
            }
            final RowSet<Row> rows = result.result();
            final List<Fortune> fortunes = new ArrayList<>(rows.size() + 1);
            for (final Row row : rows) {
                fortunes.add(new Fortune(row.getInteger(0), row.getString(1)));
            }
            fortunes.add(new Fortune(0, "Additional fortune added at request time."));
            fortunes.sort(Comparator.comparing(Fortune::message));
            headers(request.response(), TEXT_HTML).end(Fortune.page(fortunes));
        });
    }

    private void createUser(final HttpServerRequest request) {
        if (request.method() != HttpMethod.POST) {
            headers(request.response().setStatusCode(405), TEXT_PLAIN).end();
            return;
        }
        request.body().onComplete(body -> {
            if (body.failed()) {
                failed(request, body.cause());
                return;
            }
            answer(request, Users.create(body.result()));
        });
    }

    private void answer(final HttpServerRequest request, final Users.Answer answer) {
        final HttpServerResponse response = headers(request.response().setStatusCode(answer.status()),
                APPLICATION_JSON);
        if (answer.location() != null) {
            response.headers().add(HEADER_LOCATION, answer.location());
        }
        response.end(answer.body());
    }

    private void failed(final HttpServerRequest request, final Throwable cause) {
        final HttpServerResponse response = request.response();
        if (!response.ended()) {
            headers(response.setStatusCode(500), TEXT_PLAIN).end(String.valueOf(cause.getMessage()));
        }
    }

    private static JsonObject world(final int id, final int randomNumber) {
        return new JsonObject().put("id", id).put("randomNumber", randomNumber);
    }

    private static int randomWorld() {
        return 1 + ThreadLocalRandom.current().nextInt(10000);
    }

    /** The {@code queries} parameter clamped to 1..500; missing or not a number is 1. */
    static int queryCount(final HttpServerRequest request) {
        final String value = request.getParam("queries");
        if (value == null) {
            return 1;
        }
        int count = 0;
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return 1;
            }
            count = Math.min(count * 10 + (c - '0'), 1000);
        }
        return Math.clamp(count, 1, 500);
    }
}
