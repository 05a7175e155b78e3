package org.jzenith.rest.internal.features;

import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@link FeatureContext} a {@code Feature} or {@code DynamicFeature} configures: it collects
 * the classes and instances the feature registers, which jZenith then treats as if the application
 * had registered them. Priorities and contracts given with a registration are not kept. Properties
 * are kept for the feature to read back. Not thread-safe: used while one feature configures.
 */
final class CollectingFeatureContext implements FeatureContext, Configuration {

    private final List<Class<?>> classes = new ArrayList<>();
    private final List<Object> instances = new ArrayList<>();
    private final Map<String, Object> properties = new HashMap<>();

    List<Class<?>> classes() {
        return List.copyOf(classes);
    }

    List<Object> instances() {
        return List.copyOf(instances);
    }

    @Override
    public Configuration getConfiguration() {
        return this;
    }

    @Override
    public FeatureContext property(final String name, final Object value) {
        if (value == null) {
            properties.remove(name);
        } else {
            properties.put(name, value);
        }
        return this;
    }

    @Override
    public FeatureContext register(final Class<?> componentClass) {
        if (!classes.contains(componentClass)) {
            classes.add(componentClass);
        }
        return this;
    }

    @Override
    public FeatureContext register(final Class<?> componentClass, final int priority) {
        return register(componentClass);
    }

    @Override
    public FeatureContext register(final Class<?> componentClass, final Class<?>... contracts) {
        return register(componentClass);
    }

    @Override
    public FeatureContext register(final Class<?> componentClass, final Map<Class<?>, Integer> contracts) {
        return register(componentClass);
    }

    @Override
    public FeatureContext register(final Object component) {
        instances.add(component);
        return this;
    }

    @Override
    public FeatureContext register(final Object component, final int priority) {
        return register(component);
    }

    @Override
    public FeatureContext register(final Object component, final Class<?>... contracts) {
        return register(component);
    }

    @Override
    public FeatureContext register(final Object component, final Map<Class<?>, Integer> contracts) {
        return register(component);
    }

    @Override
    public RuntimeType getRuntimeType() {
        return RuntimeType.SERVER;
    }

    @Override
    public Map<String, Object> getProperties() {
        return Map.copyOf(properties);
    }

    @Override
    public Object getProperty(final String name) {
        return properties.get(name);
    }

    @Override
    public Collection<String> getPropertyNames() {
        return Set.copyOf(properties.keySet());
    }

    @Override
    public boolean isEnabled(final Feature feature) {
        return instances.contains(feature);
    }

    @Override
    public boolean isEnabled(final Class<? extends Feature> featureClass) {
        return classes.contains(featureClass);
    }

    @Override
    public boolean isRegistered(final Object component) {
        return instances.contains(component);
    }

    @Override
    public boolean isRegistered(final Class<?> componentClass) {
        return classes.contains(componentClass)
                || instances.stream().anyMatch(instance -> instance.getClass() == componentClass);
    }

    @Override
    public Map<Class<?>, Integer> getContracts(final Class<?> componentClass) {
        return Map.of();
    }

    @Override
    public Set<Class<?>> getClasses() {
        return new LinkedHashSet<>(classes);
    }

    @Override
    public Set<Object> getInstances() {
        return new LinkedHashSet<>(instances);
    }
}
