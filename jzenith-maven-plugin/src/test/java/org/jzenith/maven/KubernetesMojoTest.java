package org.jzenith.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kubernetes goal as a build runs it: its parameters as Maven sets them, its file or its failure. */
class KubernetesMojoTest {

    @TempDir
    Path build;

    @Test
    void aCredentialInsideAUrlFailsTheBuildNamingTheKeyAndTheSecret() throws Exception {
        final Map<String, String> pod = new LinkedHashMap<>();
        pod.put("jdbc.url", "jdbc:postgresql://db/users?user=users&password=hunter2");
        pod.put("jdbc.username", "users");

        assertThatThrownBy(() -> mojo(pod).execute())
                .isInstanceOf(MojoFailureException.class)
                .hasMessage("Cannot write the Kubernetes manifest of user-service: the setting jdbc.url carries a"
                        + " password in its value (jdbc:postgresql://db/users?user=users&password=****), which the"
                        + " ConfigMap user-service-config would show in clear: leave it empty (<jdbc.url/>) and put"
                        + " its value in the Secret user-service-secrets in the cluster, under JDBC_URL");
        assertThat(build.resolve("kubernetes/user-service.yaml")).doesNotExist();
    }

    @Test
    void theSameUrlFromTheSecretIsWrittenAsAReference() throws Exception {
        final Map<String, String> pod = new LinkedHashMap<>();
        pod.put("jdbc.url", null); // <jdbc.url/> reaches the goal as null
        pod.put("jdbc.username", "users");

        mojo(pod).execute();

        final String yaml = Files.readString(build.resolve("kubernetes/user-service.yaml"));
        assertThat(yaml)
                .contains("kubectl create secret generic user-service-secrets --from-literal=JDBC_URL=...")
                .contains("JDBC_USERNAME: users")
                .doesNotContain("JDBC_URL: ");
    }

    private KubernetesMojo mojo(final Map<String, String> podSettings) throws Exception {
        final KubernetesMojo mojo = new KubernetesMojo();
        final File classes = Files.createDirectories(build.resolve("classes")).toFile();
        set(mojo, "outputDirectory", classes);
        set(mojo, "buildDirectory", build.toFile());
        set(mojo, "projectVersion", "1.0");
        set(mojo, "name", "user-service");
        set(mojo, "image", "user-service:1.0");
        set(mojo, "memory", "128Mi");
        set(mojo, "cpuRequest", "250m");
        set(mojo, "minReplicas", 2);
        set(mojo, "maxReplicas", 4);
        set(mojo, "cpuUtilization", 70);
        set(mojo, "servicePort", 80);
        set(mojo, "runAsUser", 1000L);
        set(mojo, "graceMarginSeconds", 5);
        set(mojo, "podSettings", podSettings);
        return mojo;
    }

    // Maven sets a goal's parameters into its fields, as this does.
    private static void set(final Object target, final String field, final Object value) throws Exception {
        final Field f = target.getClass().getDeclaredField(field);
        f.setAccessible(true);
        f.set(target, value);
    }
}
