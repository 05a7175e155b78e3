package org.jzenith.maven.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

class KubernetesManifestTest {

    private static final Map<String, String> USER_SERVICE_PROPERTIES =
            Map.of("rest.port", "8080", "user.store", "jdbc", "rest.openapi.title", "User service");

    @Test
    void everyObjectPassesTheKubernetesSchema() {
        final List<Map<String, Object>> objects = KubernetesSchema.validate(yaml(
                USER_SERVICE_PROPERTIES,
                options(Map.of(
                        "rest.host", "0.0.0.0", "jdbc.url", "jdbc:postgresql://db/users", "jdbc.password", ""))));

        assertThat(objects)
                .extracting(object -> object.get("apiVersion") + " " + object.get("kind"))
                .containsExactly(
                        "v1 ConfigMap",
                        "apps/v1 Deployment",
                        "v1 Service",
                        "policy/v1 PodDisruptionBudget",
                        "autoscaling/v2 HorizontalPodAutoscaler");
    }

    @Test
    void theSchemaCheckRefusesAMisspeltField() {
        final String yaml = yaml(USER_SERVICE_PROPERTIES, options(Map.of()))
                .replace("terminationGracePeriodSeconds:", "terminationGracePeriod:");

        assertThatThrownBy(() -> KubernetesSchema.validate(yaml))
                .hasMessageContaining("apps/v1 Deployment is not valid")
                .hasMessageContaining("terminationGracePeriod");
    }

    @Test
    void theSchemaCheckRefusesAValueOfTheWrongType() {
        final String yaml =
                yaml(USER_SERVICE_PROPERTIES, options(Map.of())).replace("containerPort: 8080", "containerPort: http");

        assertThatThrownBy(() -> KubernetesSchema.validate(yaml))
                .hasMessageContaining("apps/v1 Deployment is not valid");
    }

    @Test
    void theSchemaCheckRefusesAMalformedQuantityAndAMissingRequiredField() {
        final String yaml = yaml(USER_SERVICE_PROPERTIES, options(Map.of()));

        assertThatThrownBy(() -> KubernetesSchema.validate(yaml.replace("memory: \"128Mi\"", "memory: \"128 MB\"")))
                .hasMessageContaining("apps/v1 Deployment is not valid")
                .hasMessageContaining("quantity");
        assertThatThrownBy(() -> KubernetesSchema.validate(yaml.replace("- name: user-service\n", "- \n")))
                .hasMessageContaining("apps/v1 Deployment is not valid")
                .hasMessageContaining("name");
    }

    @Test
    void probesAskTheHealthRoutesOnTheApiPortWithoutAManagementPort() {
        final Map<String, Object> container = container(USER_SERVICE_PROPERTIES, options(Map.of()));

        assertThat(path(container, "startupProbe", "httpGet"))
                .isEqualTo(Map.of("path", "/health/started", "port", "http"));
        assertThat(path(container, "livenessProbe", "httpGet"))
                .isEqualTo(Map.of("path", "/health/live", "port", "http"));
        assertThat(path(container, "readinessProbe", "httpGet"))
                .isEqualTo(Map.of("path", "/health/ready", "port", "http"));
        assertThat(container.get("ports"))
                .isEqualTo(List.of(Map.of("name", "http", "containerPort", 8080, "protocol", "TCP")));
    }

    @Test
    void probesFollowTheManagementPortWhenOneIsConfigured() {
        final Map<String, Object> container =
                container(USER_SERVICE_PROPERTIES, options(Map.of("management.port", "9000", "rest.port", "8081")));

        assertThat(container.get("ports"))
                .isEqualTo(List.of(
                        Map.of("name", "http", "containerPort", 8081, "protocol", "TCP"),
                        Map.of("name", "management", "containerPort", 9000, "protocol", "TCP")));
        for (final String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
            assertThat(path(container, probe, "httpGet", "port")).isEqualTo("management");
        }
        final Map<String, Object> service =
                object(USER_SERVICE_PROPERTIES, options(Map.of("management.port", "9000")), "Service");
        assertThat(path(service, "spec", "ports"))
                .as("the Service carries the API only")
                .isEqualTo(List.of(Map.of("name", "http", "port", 80, "targetPort", "http", "protocol", "TCP")));
    }

    @Test
    void theManagementPortOfTheServicesOwnPropertiesCountsAndItsProfileToo() {
        final Map<String, String> properties = Map.of("management.port", "9000", "%prod.management.port", "9100");

        assertThat(path(container(properties, options(Map.of())), "ports"))
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .hasSize(2);
        assertThat(path(container(properties, options(Map.of("jzenith.profile", "prod"))), "ports", 1))
                .isEqualTo(Map.of("name", "management", "containerPort", 9100, "protocol", "TCP"));
        assertThat(path(
                        container(properties, options(Map.of("jzenith.profile", "prod", "management.port", "9200"))),
                        "ports",
                        1))
                .as("the pod's setting, an environment variable, wins over the file's profile key")
                .isEqualTo(Map.of("name", "management", "containerPort", 9200, "protocol", "TCP"));
    }

    @Test
    void theMemorySettingBecomesRequestAndLimit() {
        assertThat(path(container(USER_SERVICE_PROPERTIES, options(Map.of())), "resources"))
                .isEqualTo(Map.of(
                        "requests", Map.of("memory", "128Mi", "cpu", "250m"), "limits", Map.of("memory", "128Mi")));

        final ManifestOptions bigger = new ManifestOptions(
                "user-service",
                Optional.of("1.0"),
                "user-service:1.0",
                "512Mi",
                "1",
                Optional.of("2"),
                2,
                4,
                70,
                80,
                1000,
                Duration.ofSeconds(5),
                Map.of());
        assertThat(path(container(USER_SERVICE_PROPERTIES, bigger), "resources"))
                .isEqualTo(Map.of(
                        "requests",
                        Map.of("memory", "512Mi", "cpu", "1"),
                        "limits",
                        Map.of("memory", "512Mi", "cpu", "2")));
    }

    @Test
    void theGracePeriodFollowsThePreStopDelayAndTheShutdownTimeout() {
        // Defaults: the 5 s a pod gets, the 10 s shutdown timeout, the 5 s margin.
        assertThat(path(pod(USER_SERVICE_PROPERTIES, options(Map.of())), "terminationGracePeriodSeconds"))
                .isEqualTo(20);
        assertThat(configMapData(USER_SERVICE_PROPERTIES, options(Map.of())))
                .as("the pod listens on its own address, and the grace period's figures are written out")
                .containsEntry("REST_HOST", "0.0.0.0")
                .containsEntry("JZENITH_SHUTDOWN_PRE_STOP_DELAY", "5000ms")
                .containsEntry("JZENITH_SHUTDOWN_TIMEOUT", "10000ms");

        final Map<String, String> slower = Map.of("jzenith.shutdown-timeout", "30s");
        final ManifestOptions longerDelay = options(Map.of("jzenith.shutdown.pre-stop-delay", "12500ms"));
        assertThat(path(pod(slower, longerDelay), "terminationGracePeriodSeconds"))
                .isEqualTo(48);
        assertThat(configMapData(slower, longerDelay))
                .containsEntry("JZENITH_SHUTDOWN_PRE_STOP_DELAY", "12500ms")
                .containsEntry("JZENITH_SHUTDOWN_TIMEOUT", "30000ms");
        assertThat(path(container(slower, longerDelay), "lifecycle"))
                .as("no preStop hook: the service turns readiness DOWN and waits itself")
                .isNull();
    }

    @Test
    void theStartupProbeWaitsAsLongAsTheServiceGivesItsPluginsToStart() {
        assertThat(path(container(USER_SERVICE_PROPERTIES, options(Map.of())), "startupProbe", "failureThreshold"))
                .isEqualTo(31);
        assertThat(path(
                        container(Map.of("jzenith.start-timeout", "2m"), options(Map.of())),
                        "startupProbe",
                        "failureThreshold"))
                .isEqualTo(61);
    }

    @Test
    void secretSettingsComeFromTheSecretAndTheOthersFromTheConfigMap() {
        final ManifestOptions options = options(Map.of(
                "postgresql.host",
                "postgresql",
                "postgresql.password",
                "",
                "jwt.secret",
                "",
                "rest.max-body-size",
                "65536"));
        final Map<String, Object> container = container(USER_SERVICE_PROPERTIES, options);

        assertThat(configMapData(USER_SERVICE_PROPERTIES, options))
                .containsEntry("POSTGRESQL_HOST", "postgresql")
                .containsEntry("REST_MAX_BODY_SIZE", "65536")
                .doesNotContainKeys("POSTGRESQL_PASSWORD", "JWT_SECRET");
        assertThat(container.get("envFrom"))
                .isEqualTo(List.of(Map.of("configMapRef", Map.of("name", "user-service-config"))));
        assertThat(container.get("env"))
                .isEqualTo(List.of(
                        Map.of(
                                "name",
                                "JWT_SECRET",
                                "valueFrom",
                                Map.of("secretKeyRef", Map.of("name", "user-service-secrets", "key", "JWT_SECRET"))),
                        Map.of(
                                "name",
                                "POSTGRESQL_PASSWORD",
                                "valueFrom",
                                Map.of(
                                        "secretKeyRef",
                                        Map.of("name", "user-service-secrets", "key", "POSTGRESQL_PASSWORD")))));
        assertThat(yaml(USER_SERVICE_PROPERTIES, options))
                .contains(
                        "kubectl create secret generic user-service-secrets --from-literal=JWT_SECRET=... --from-literal=POSTGRESQL_PASSWORD=...");
    }

    @Test
    void aSecretWithAValueInTheBuildIsRefusedNamingTheKeyAndTheFix() {
        assertThatThrownBy(() -> options(Map.of("jdbc.password", "hunter2", "kafka.sasl.jaas.config", "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jdbc.password is secret")
                .hasMessageContaining("kafka.sasl.jaas.config is secret")
                .hasMessageContaining("Secret user-service-secrets")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aPasswordInsideAValueIsRefusedNamingEveryKeyAndTheSecret() {
        final Map<String, String> settings = Map.of(
                "jdbc.url", "jdbc:postgresql://db/users?user=users&password=hunter2",
                "redis.connection-string", "redis://:swordfish@cache:6379",
                "postgresql.url", "postgresql://users:s3cret@db:5432/users",
                "jdbc.username", "users",
                "rest.host", "0.0.0.0");

        assertThatThrownBy(() -> options(settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the setting jdbc.url carries a password in its value"
                        + " (jdbc:postgresql://db/users?user=users&password=****), which the ConfigMap"
                        + " user-service-config would show in clear: leave it empty (<jdbc.url/>) and put its"
                        + " value in the Secret user-service-secrets in the cluster, under JDBC_URL")
                .hasMessageContaining("the setting redis.connection-string carries a password in its value"
                        + " (redis://:****@cache:6379)")
                .hasMessageContaining("under REDIS_CONNECTION_STRING")
                .hasMessageContaining("the setting postgresql.url carries a password in its value"
                        + " (postgresql://users:****@db:5432/users)")
                .hasMessageNotContaining("jdbc.username")
                .hasMessageNotContaining("hunter2")
                .hasMessageNotContaining("swordfish")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void aSettingGivenEmptyComesFromTheSecretWhateverItsName() {
        final ManifestOptions options = options(
                Map.of("jdbc.url", "", "jdbc.username", "users", "redis.connection-string", "redis://cache:6379"));
        final Map<String, Object> container = container(USER_SERVICE_PROPERTIES, options);

        assertThat(configMapData(USER_SERVICE_PROPERTIES, options))
                .containsEntry("JDBC_USERNAME", "users")
                .containsEntry("REDIS_CONNECTION_STRING", "redis://cache:6379")
                .doesNotContainKey("JDBC_URL");
        assertThat(container.get("env"))
                .isEqualTo(List.of(Map.of(
                        "name",
                        "JDBC_URL",
                        "valueFrom",
                        Map.of("secretKeyRef", Map.of("name", "user-service-secrets", "key", "JDBC_URL")))));
        assertThat(yaml(USER_SERVICE_PROPERTIES, options))
                .contains("kubectl create secret generic user-service-secrets --from-literal=JDBC_URL=...");
    }

    @Test
    void theContainerIsNonRootReadOnlyAndWithoutCapabilities() {
        final Map<String, Object> pod = pod(USER_SERVICE_PROPERTIES, options(Map.of()));
        final Map<String, Object> container = container(USER_SERVICE_PROPERTIES, options(Map.of()));

        assertThat(path(pod, "securityContext"))
                .isEqualTo(Map.of(
                        "runAsNonRoot",
                        true,
                        "runAsUser",
                        1000,
                        "runAsGroup",
                        1000,
                        "fsGroup",
                        1000,
                        "seccompProfile",
                        Map.of("type", "RuntimeDefault")));
        assertThat(path(container, "securityContext"))
                .isEqualTo(Map.of(
                        "runAsNonRoot",
                        true,
                        "allowPrivilegeEscalation",
                        false,
                        "readOnlyRootFilesystem",
                        true,
                        "privileged",
                        false,
                        "capabilities",
                        Map.of("drop", List.of("ALL")),
                        "seccompProfile",
                        Map.of("type", "RuntimeDefault")));
        assertThat(container.get("volumeMounts")).isEqualTo(List.of(Map.of("name", "tmp", "mountPath", "/tmp")));
        assertThat(pod.get("volumes")).isEqualTo(List.of(Map.of("name", "tmp", "emptyDir", Map.of())));
        assertThat(pod.get("automountServiceAccountToken")).isEqualTo(false);
    }

    @Test
    void aConfiguredUploadsFolderGetsAVolumeOfItsOwn() {
        final ManifestOptions options = options(Map.of("rest.uploads-directory", "/var/uploads"));

        assertThat(container(USER_SERVICE_PROPERTIES, options).get("volumeMounts"))
                .isEqualTo(List.of(
                        Map.of("name", "tmp", "mountPath", "/tmp"),
                        Map.of("name", "uploads", "mountPath", "/var/uploads")));
        assertThat(pod(USER_SERVICE_PROPERTIES, options).get("volumes"))
                .isEqualTo(List.of(
                        Map.of("name", "tmp", "emptyDir", Map.of()), Map.of("name", "uploads", "emptyDir", Map.of())));
        assertThat(container(USER_SERVICE_PROPERTIES, options(Map.of("rest.uploads-directory", "/tmp/uploads")))
                        .get("volumeMounts"))
                .as("under /tmp, the temp volume holds them")
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .hasSize(1);
    }

    @Test
    void probesSpeakHttpsToATlsApiPortButPlainHttpToTheManagementPort() {
        final Map<String, String> tls = Map.of("rest.tls.certificate", "/etc/tls/tls.crt");

        assertThat(path(container(tls, options(Map.of())), "readinessProbe", "httpGet", "scheme"))
                .isEqualTo("HTTPS");
        assertThat(path(
                        container(tls, options(Map.of("management.port", "9000"))),
                        "readinessProbe",
                        "httpGet",
                        "scheme"))
                .isNull();
    }

    @Test
    void theAutoscalerAndTheDisruptionBudgetKeepTheServiceUp() {
        final Map<String, Object> autoscaler =
                object(USER_SERVICE_PROPERTIES, options(Map.of()), "HorizontalPodAutoscaler");
        final Map<String, Object> budget = object(USER_SERVICE_PROPERTIES, options(Map.of()), "PodDisruptionBudget");
        final Map<String, Object> deployment = object(USER_SERVICE_PROPERTIES, options(Map.of()), "Deployment");

        assertThat(path(autoscaler, "spec", "minReplicas")).isEqualTo(2);
        assertThat(path(autoscaler, "spec", "maxReplicas")).isEqualTo(4);
        assertThat(path(autoscaler, "spec", "metrics", 0, "resource", "target", "averageUtilization"))
                .isEqualTo(70);
        assertThat(path(budget, "spec", "maxUnavailable")).isEqualTo(1);
        assertThat(path(deployment, "spec", "replicas"))
                .as("the autoscaler owns the count")
                .isNull();
        assertThat(path(deployment, "spec", "strategy", "rollingUpdate"))
                .isEqualTo(Map.of("maxSurge", 1, "maxUnavailable", 0));
    }

    @Test
    void unreadableSettingsAreNamedTogetherWithTheirFix() {
        assertThatThrownBy(() -> ServiceSettings.read(
                        Map.of("rest.port", "0", "jzenith.shutdown-timeout", "ten seconds"),
                        Map.of("management.port", "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rest.port=0 is not a port a pod can publish")
                .hasMessageContaining("management.port=x is not a port")
                .hasMessageContaining("jzenith.shutdown-timeout=ten seconds is not a duration");
    }

    @Test
    void aLoopbackListenerIsRefusedSinceNoProbeReachesIt() {
        assertThatThrownBy(() -> ServiceSettings.read(
                        Map.of("rest.host", "127.0.0.1"),
                        Map.of("management.port", "9000", "management.host", "localhost")))
                .hasMessageContaining("rest.host=127.0.0.1 listens on loopback")
                .hasMessageContaining("management.host=localhost listens on loopback")
                .hasMessageContaining("set rest.host=0.0.0.0 in <podSettings>");
        assertThat(configMapData(Map.of("rest.host", "127.0.0.1"), options(Map.of())))
                .as("the pod's 0.0.0.0 wins over the file's loopback, as the environment does")
                .containsEntry("REST_HOST", "0.0.0.0");
        assertThatThrownBy(() -> yaml(Map.of(), options(Map.of("rest.host", "127.0.0.1"))))
                .hasMessageContaining("rest.host=127.0.0.1 listens on loopback");
    }

    @Test
    void badOptionsAreNamedTogetherWithTheirFix() {
        assertThatThrownBy(() -> new ManifestOptions(
                        "User_Service",
                        Optional.empty(),
                        "",
                        "128MB",
                        "250m",
                        Optional.empty(),
                        3,
                        2,
                        70,
                        80,
                        0,
                        Duration.ofSeconds(5),
                        Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"User_Service\" is not a Kubernetes name")
                .hasMessageContaining("no image")
                .hasMessageContaining("memory=128MB is not a Kubernetes quantity")
                .hasMessageContaining("minReplicas=3, maxReplicas=2")
                .hasMessageContaining("runAsUser=0");
    }

    static ManifestOptions options(final Map<String, String> settings) {
        return new ManifestOptions(
                "user-service",
                Optional.of("0.1.0-SNAPSHOT"),
                "user-service:0.1.0-SNAPSHOT",
                "128Mi",
                "250m",
                Optional.empty(),
                2,
                4,
                70,
                80,
                1000,
                Duration.ofSeconds(5),
                settings);
    }

    private static String yaml(final Map<String, String> properties, final ManifestOptions options) {
        return KubernetesManifest.of(ServiceSettings.read(properties, options.settings()), options)
                .yaml();
    }

    /** The object of {@code kind}, as a reader of the written YAML sees it, checked against the schema. */
    private static Map<String, Object> object(
            final Map<String, String> properties, final ManifestOptions options, final String kind) {
        return KubernetesSchema.validate(yaml(properties, options)).stream()
                .filter(object -> kind.equals(object.get("kind")))
                .findFirst()
                .orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> pod(final Map<String, String> properties, final ManifestOptions options) {
        return (Map<String, Object>) path(object(properties, options, "Deployment"), "spec", "template", "spec");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> container(final Map<String, String> properties, final ManifestOptions options) {
        return (Map<String, Object>) path(pod(properties, options), "containers", 0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> configMapData(
            final Map<String, String> properties, final ManifestOptions options) {
        return (Map<String, Object>) path(object(properties, options, "ConfigMap"), "data");
    }

    /** The value at {@code steps} (keys and list indexes) under {@code root}; null where there is none. */
    static Object path(final Object root, final Object... steps) {
        Object current = root;
        for (final Object step : steps) {
            if (current instanceof Map<?, ?> map) {
                current = map.get(step);
            } else if (current instanceof List<?> list && step instanceof Integer index) {
                current = index < list.size() ? list.get(index) : null;
            } else {
                return null;
            }
        }
        return current;
    }
}
