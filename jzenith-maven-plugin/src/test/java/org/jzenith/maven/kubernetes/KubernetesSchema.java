package org.jzenith.maven.kubernetes;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1PodDisruptionBudget;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.openapi.models.V1Service;
import io.kubernetes.client.openapi.models.V2HorizontalPodAutoscaler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Checks Kubernetes objects against the API's schema, offline: the YAML is read as kubectl reads
 * it, then each document is checked by the model of its {@code apiVersion} and {@code kind} in the
 * Kubernetes Java client's API module, generated from the API's OpenAPI document ({@code
 * validateJsonElement}: unknown fields, missing required fields and values of the wrong JSON type
 * are refused at every level), and read into that model (quantities, int-or-string values).
 */
final class KubernetesSchema {

    /** The Kubernetes release whose OpenAPI document client-java-api 27.0.0 was generated from. */
    static final String KUBERNETES_RELEASE = "1.36";

    private static final Gson GSON = new Gson();

    private KubernetesSchema() {}

    /** The documents of {@code yaml}, each checked; throws naming the object and the problem. */
    static List<Map<String, Object>> validate(final String yaml) {
        final List<Map<String, Object>> documents = read(yaml);
        for (final Map<String, Object> document : documents) {
            final String kind = document.get("apiVersion") + " " + document.get("kind");
            final JsonElement json = GSON.toJsonTree(document);
            try {
                switch (kind) {
                    case "v1 ConfigMap" -> {
                        V1ConfigMap.validateJsonElement(json);
                        V1ConfigMap.fromJson(json.toString());
                    }
                    case "v1 Secret" -> {
                        V1Secret.validateJsonElement(json);
                        V1Secret.fromJson(json.toString());
                    }
                    case "v1 Service" -> {
                        V1Service.validateJsonElement(json);
                        V1Service.fromJson(json.toString());
                    }
                    case "apps/v1 Deployment" -> {
                        V1Deployment.validateJsonElement(json);
                        V1Deployment.fromJson(json.toString());
                    }
                    case "policy/v1 PodDisruptionBudget" -> {
                        V1PodDisruptionBudget.validateJsonElement(json);
                        V1PodDisruptionBudget.fromJson(json.toString());
                    }
                    case "autoscaling/v2 HorizontalPodAutoscaler" -> {
                        V2HorizontalPodAutoscaler.validateJsonElement(json);
                        V2HorizontalPodAutoscaler.fromJson(json.toString());
                    }
                    default -> throw new IllegalArgumentException("no schema for " + kind);
                }
            } catch (final IOException | RuntimeException e) {
                throw new IllegalArgumentException(kind + " is not valid: " + e.getMessage(), e);
            }
        }
        return documents;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> read(final String yaml) {
        final List<Map<String, Object>> documents = new ArrayList<>();
        for (final Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yaml)) {
            if (document != null) {
                documents.add((Map<String, Object>) document);
            }
        }
        return documents;
    }
}
