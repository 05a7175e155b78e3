package org.jzenith.benchmarks.dropwizard;

import io.dropwizard.views.common.View;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The fortunes page: fortunes.mustache beside this class, which escapes HTML. */
public class FortunesView extends View {

    private final List<BenchmarkResource.Fortune> fortunes;

    public FortunesView(final List<BenchmarkResource.Fortune> fortunes) {
        super("fortunes.mustache", StandardCharsets.UTF_8);
        this.fortunes = fortunes;
    }

    public List<BenchmarkResource.Fortune> getFortunes() {
        return fortunes;
    }
}
