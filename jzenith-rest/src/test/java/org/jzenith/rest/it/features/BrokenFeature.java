package org.jzenith.rest.it.features;

import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;

/** Needs an argument jZenith cannot give before the injector exists. */
public class BrokenFeature implements Feature {

    public BrokenFeature(final String setting) {
        // a feature made by hand in the application it came from
    }

    @Override
    public boolean configure(final FeatureContext context) {
        return true;
    }
}
