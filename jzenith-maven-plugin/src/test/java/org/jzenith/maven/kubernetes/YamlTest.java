package org.jzenith.maven.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class YamlTest {

    @Test
    void stringsAYamlReaderWouldTakeForSomethingElseAreQuoted() {
        final Map<String, Object> values = new LinkedHashMap<>();
        for (final String value : List.of(
                "yes",
                "No",
                "on",
                "OFF",
                "true",
                "null",
                "~",
                "8080",
                "0.0.0.0",
                "1e3",
                "128Mi",
                "- a",
                "a: b",
                "# not a comment",
                "a #b",
                "\"quoted\"",
                "back\\slash",
                "line\nbreak",
                "tab\there",
                "",
                " padded ",
                "{x}",
                "[y]",
                "*alias",
                "&anchor",
                "!tag",
                "%dev.rest.port",
                "@at",
                "`tick`",
                "é",
                "postgresql",
                "/health/ready",
                "jdbc:postgresql://db:5432/users?ssl=true&x=1")) {
            values.put("k" + values.size(), value);
        }

        final String yaml = Yaml.documents(List.of(values));

        assertThat(KubernetesSchema.read(yaml)).containsExactly(values);
        assertThat(yaml).contains("k30: postgresql\n", "k31: /health/ready\n", "k0: \"yes\"\n", "k7: \"8080\"\n");
    }

    @Test
    void nestedMapsAndListsReadBackAsWritten() {
        final Map<String, Object> document = Map.of(
                "spec",
                Map.of(
                        "containers",
                        List.of(
                                Map.of("name", "app", "ports", List.of(Map.of("containerPort", 8080))),
                                Map.of("name", "b")),
                        "empty",
                        Map.of(),
                        "none",
                        List.of(),
                        "flags",
                        List.of(true, false, 3),
                        "nested",
                        List.of(List.of("a", "b"))));

        assertThat(KubernetesSchema.read(Yaml.documents(List.of(document, Map.of("b", 1)))))
                .containsExactly(document, Map.of("b", 1));
    }
}
