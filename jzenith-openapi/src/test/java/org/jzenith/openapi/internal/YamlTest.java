package org.jzenith.openapi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

/** The YAML form reads back (with SnakeYAML, a YAML 1.1 reader) as the same tree, whatever the text holds. */
class YamlTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void awkwardKeysAndValuesReadBackUnchanged() throws Exception {
        final JsonNode tree = JSON.readTree("""
                {"yes": "no", "on": true, "null": null, "200": {"description": "OK"},
                 "/users/{id}": {"text": "a: b # not a comment\\nsecond line \\u0001 ü", "number": 1.0, "int": -3},
                 "empty": {}, "none": [], "list": [{"a": 1, "b": [1, "2"]}, "x", [true]],
                 "pattern": "^\\\\S$"}
                """);
        final String yaml = Yaml.write(tree);
        assertThat(YAML.readTree(yaml)).isEqualTo(tree);
        assertThat(yaml).contains("\"yes\": \"no\"", "\"200\":", "\"/users/{id}\":");
    }

    @Test
    void anEmptyDocumentIsAnEmptyMapping() throws Exception {
        assertThat(Yaml.write(JSON.createObjectNode())).isEqualTo("{}\n");
    }
}
