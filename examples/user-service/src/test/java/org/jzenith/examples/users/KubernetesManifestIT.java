package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Container;
import io.kubernetes.client.openapi.models.V1ContainerPort;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1HTTPGetAction;
import io.kubernetes.client.openapi.models.V1PodDisruptionBudget;
import io.kubernetes.client.openapi.models.V1Probe;
import io.kubernetes.client.openapi.models.V1Service;
import io.kubernetes.client.openapi.models.V2HorizontalPodAutoscaler;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Await;
import org.jzenith.test.services.LocalServices;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The manifest this build wrote, {@code target/kubernetes/user-service.yaml} (jzenith-maven-plugin's
 * {@code kubernetes} goal, bound to {@code package}): every object passes the Kubernetes API's
 * schema (client-java-api 27.0.0, generated from Kubernetes 1.36's OpenAPI document: unknown and
 * missing required fields and values of the wrong type are refused), and the service started as
 * the pod starts it, with the ConfigMap's variables as its environment, answers the probes on the
 * ports they name and stops within the grace period. No cluster is reachable here: what only this
 * machine has (the database, a free port, a key instead of the issuer's key set) replaces the
 * cluster's values, and every other variable is the ConfigMap's.
 */
class KubernetesManifestIT {

    private static final Path MANIFEST = Path.of("target/kubernetes/user-service.yaml");
    private static final Pattern API = Pattern.compile("REST server listening on https?:(?:\\\\?/){2}[^:]+:(\\d+)");
    private static final Pattern MANAGEMENT =
            Pattern.compile("Management interface .* listening on http:(?:\\\\?/){2}[^:]+:(\\d+)");

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void everyObjectPassesTheKubernetesSchema() throws IOException {
        final Map<String, Object> objects = objects();

        assertThat(objects.keySet())
                .containsExactly(
                        "ConfigMap", "Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler");
        assertThat(Files.readString(MANIFEST))
                .contains("kubectl create secret generic user-service-secrets --from-literal=POSTGRESQL_PASSWORD=...");
    }

    @Test
    void theServiceStartedWithThePodsEnvironmentAnswersItsProbesAndStopsWithinTheGracePeriod() throws Exception {
        final Map<String, Object> objects = objects();
        final V1ConfigMap configMap = (V1ConfigMap) objects.get("ConfigMap");
        final V1Deployment deployment = (V1Deployment) objects.get("Deployment");
        final V1Container container =
                deployment.getSpec().getTemplate().getSpec().getContainers().getFirst();

        final Map<String, String> environment = new HashMap<>(configMap.getData());
        assertThat(environment)
                .containsEntry("USER_STORE", "postgresql")
                .containsEntry("USER_SECURITY", "jwt")
                .containsEntry("MANAGEMENT_PORT", "9000")
                .containsKey("JZENITH_SHUTDOWN_PRE_STOP_DELAY");
        // What only this machine has: the database, free ports, a public key instead of the key set.
        final LocalServices.Database database = PostgresqlDatabases.fresh("users_kubernetes_it");
        environment.put("POSTGRESQL_HOST", database.host());
        environment.put("POSTGRESQL_PORT", String.valueOf(database.port()));
        environment.put("POSTGRESQL_DATABASE", database.database());
        environment.put("POSTGRESQL_USERNAME", database.user());
        assertThat(container.getEnv())
                .extracting(variable -> variable.getName())
                .containsExactly("POSTGRESQL_PASSWORD");
        environment.put("POSTGRESQL_PASSWORD", database.password());
        environment.remove("JWT_JWKS_URL");
        environment.put("JWT_PUBLIC_KEY", publicKey());
        environment.put("REST_PORT", "0");
        environment.put("MANAGEMENT_PORT", "0");

        final String java = ProcessHandle.current().info().command().orElse("java");
        final ProcessBuilder builder = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-cp",
                        System.getProperty("java.class.path"),
                        UserServiceApplication.class.getName())
                .redirectErrorStream(true);
        builder.environment().putAll(environment);
        // Without KUBERNETES_SERVICE_HOST the service's own delay is 0 s, so the delay it keeps
        // below is the ConfigMap's JZENITH_SHUTDOWN_PRE_STOP_DELAY.
        builder.environment().remove("KUBERNETES_SERVICE_HOST");
        final Process process = builder.start();
        final List<String> output = new CopyOnWriteArrayList<>();
        final CompletableFuture<Integer> apiPort = new CompletableFuture<>();
        final CompletableFuture<Integer> managementPort = new CompletableFuture<>();
        final Thread reader = Thread.ofVirtual().start(() -> read(process, output, apiPort, managementPort));
        try {
            final Map<String, Integer> ports = Map.of(
                    "http", apiPort.get(60, TimeUnit.SECONDS), "management", managementPort.get(60, TimeUnit.SECONDS));
            assertThat(container.getPorts())
                    .extracting(V1ContainerPort::getName)
                    .containsExactly("http", "management");
            assertThat(get(probe(container.getStartupProbe(), ports)).statusCode())
                    .isEqualTo(200);
            assertThat(get(probe(container.getLivenessProbe(), ports)).statusCode())
                    .isEqualTo(200);
            assertThat(get(probe(container.getReadinessProbe(), ports)).statusCode())
                    .isEqualTo(200);
            assertThat(get("http://127.0.0.1:" + ports.get("http") + "/health/ready")
                            .statusCode())
                    .as("health answers on the management port only")
                    .isEqualTo(404);
            assertThat(post("http://127.0.0.1:" + ports.get("http") + "/users", "{\"name\":\"Ada\"}")
                            .statusCode())
                    .as("USER_SECURITY=jwt from the ConfigMap: writing needs a token")
                    .isEqualTo(401);

            final long grace = deployment.getSpec().getTemplate().getSpec().getTerminationGracePeriodSeconds();
            final long sigterm = System.nanoTime();
            process.toHandle().destroy(); // SIGTERM, as the kubelet sends it
            Await.until(
                    Duration.ofSeconds(2),
                    "readiness answers 503 soon after SIGTERM",
                    () -> get(probe(container.getReadinessProbe(), ports)).statusCode() == 503);
            assertThat(process.waitFor(grace, TimeUnit.SECONDS))
                    .as("exited within terminationGracePeriodSeconds (%s s); output: %s", grace, output)
                    .isTrue();
            assertThat(process.exitValue())
                    .as("exit status; output: %s", output)
                    .isZero();
            assertThat(Duration.ofNanos(System.nanoTime() - sigterm))
                    .as("the pre-stop delay of the ConfigMap was kept")
                    .isGreaterThanOrEqualTo(Duration.ofMillis(Long.parseLong(
                            environment.get("JZENITH_SHUTDOWN_PRE_STOP_DELAY").replace("ms", ""))));
            assertThat(reader.join(Duration.ofSeconds(10))).isTrue();
            assertThat(output)
                    .anyMatch(line -> line.contains("Readiness is DOWN; still serving for "
                            + environment.get("JZENITH_SHUTDOWN_PRE_STOP_DELAY").replace("ms", " ms")));
        } finally {
            process.destroyForcibly();
        }
    }

    /** The objects of the manifest by kind, each checked against the schema and read into its model. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> objects() throws IOException {
        assertThat(MANIFEST)
                .as("written by the kubernetes goal at package, before the integration tests")
                .isRegularFile();
        final Gson gson = new Gson();
        final Map<String, Object> objects = new LinkedHashMap<>();
        for (final Object document :
                new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(Files.readString(MANIFEST))) {
            final Map<String, Object> object = (Map<String, Object>) document;
            final String kind = object.get("apiVersion") + " " + object.get("kind");
            final JsonElement json = gson.toJsonTree(object);
            final Object model =
                    switch (kind) {
                        case "v1 ConfigMap" -> {
                            V1ConfigMap.validateJsonElement(json);
                            yield V1ConfigMap.fromJson(json.toString());
                        }
                        case "apps/v1 Deployment" -> {
                            V1Deployment.validateJsonElement(json);
                            yield V1Deployment.fromJson(json.toString());
                        }
                        case "v1 Service" -> {
                            V1Service.validateJsonElement(json);
                            yield V1Service.fromJson(json.toString());
                        }
                        case "policy/v1 PodDisruptionBudget" -> {
                            V1PodDisruptionBudget.validateJsonElement(json);
                            yield V1PodDisruptionBudget.fromJson(json.toString());
                        }
                        case "autoscaling/v2 HorizontalPodAutoscaler" -> {
                            V2HorizontalPodAutoscaler.validateJsonElement(json);
                            yield V2HorizontalPodAutoscaler.fromJson(json.toString());
                        }
                        default -> throw new AssertionError("an object of no known kind: " + kind);
                    };
            objects.put((String) object.get("kind"), model);
        }
        return objects;
    }

    /** The URL the kubelet asks for {@code probe}, with the container's port names bound here. */
    private static String probe(final V1Probe probe, final Map<String, Integer> ports) {
        final V1HTTPGetAction get = probe.getHttpGet();
        assertThat(get.getScheme()).as("plain HTTP on the management port").isNull();
        return "http://127.0.0.1:" + ports.get(get.getPort().getStrValue()) + get.getPath();
    }

    private static String publicKey() throws NoSuchAlgorithmException {
        final KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder()
                        .encodeToString(generator.generateKeyPair().getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----";
    }

    private HttpResponse<String> get(final String uri) {
        return send(HttpRequest.newBuilder(URI.create(uri)).build());
    }

    private HttpResponse<String> post(final String uri, final String json) {
        return send(HttpRequest.newBuilder(URI.create(uri))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    private HttpResponse<String> send(final HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (final IOException e) {
            throw new AssertionError(request.uri() + " was not answered: " + e, e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void read(
            final Process process,
            final List<String> output,
            final CompletableFuture<Integer> apiPort,
            final CompletableFuture<Integer> managementPort) {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                output.add(line);
                final Matcher api = API.matcher(line);
                if (api.find()) {
                    apiPort.complete(Integer.parseInt(api.group(1)));
                }
                final Matcher management = MANAGEMENT.matcher(line);
                if (management.find()) {
                    managementPort.complete(Integer.parseInt(management.group(1)));
                }
            }
            final List<String> lines = new ArrayList<>(output);
            apiPort.completeExceptionally(new IllegalStateException("exited before listening: " + lines));
            managementPort.completeExceptionally(new IllegalStateException("exited before listening: " + lines));
        } catch (final IOException e) {
            apiPort.completeExceptionally(e);
            managementPort.completeExceptionally(e);
        }
    }
}
