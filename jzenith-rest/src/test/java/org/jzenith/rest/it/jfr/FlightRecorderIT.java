package org.jzenith.rest.it.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** The jzenith.Request and jzenith.PluginStart events, read back from a real recording. */
class FlightRecorderIT {

    @TempDir
    Path directory;

    @Test
    void aRecordingTellsEndpointsApartByRouteTemplateAndShowsEachPluginsStart() throws Exception {
        final Path file = directory.resolve("requests.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jzenith.Request");
            recording.enable("jzenith.PluginStart");
            recording.start();
            try (Served served = Served.start(RestPlugin.withResources(RecordedResource.class))) {
                final Http http = served.http();
                http.get("/recorded/items/7");
                http.get("/recorded/items/missing");
                http.get("/recorded/reactive");
            }
            recording.stop();
            recording.dump(file);
        }
        assertThat(Files.size(file)).isPositive();

        final List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        final List<RecordedEvent> requests = events.stream()
                .filter(event -> event.getEventType().getName().equals("jzenith.Request"))
                .toList();
        assertThat(requests).hasSize(3);
        final RecordedEvent item = requests.stream()
                .filter(event -> event.getInt("status") == 200
                        && event.getString("route").equals("/recorded/items/{id}"))
                .findFirst()
                .orElseThrow();
        assertThat(item.getString("method")).isEqualTo("GET");
        assertThat(item.getString("threadKind")).isEqualTo("virtual thread");
        assertThat(item.getString("resource")).isEqualTo(RecordedResource.class.getName() + ".item");
        assertThat(item.getLong("bytesOut")).isPositive();
        assertThat(item.getLong("latency")).isPositive();
        assertThat(requests)
                .anySatisfy(event -> {
                    assertThat(event.getString("route")).isEqualTo("/recorded/items/{id}");
                    assertThat(event.getInt("status")).isEqualTo(404);
                })
                .anySatisfy(event -> {
                    assertThat(event.getString("route")).isEqualTo("/recorded/reactive");
                    assertThat(event.getString("threadKind")).isEqualTo("event loop");
                });

        assertThat(events)
                .filteredOn(event -> event.getEventType().getName().equals("jzenith.PluginStart"))
                .anySatisfy(event -> {
                    assertThat(event.getString("plugin")).isEqualTo("rest");
                    assertThat(event.getString("phase")).isEqualTo("SERVE");
                });
    }
}
