package org.jzenith.rest.internal.interceptors;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.InterceptorContext;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What reader and writer interceptor contexts share: the entity's type, media type and properties. */
abstract class InterceptorContextBase implements InterceptorContext {

    private final Map<String, Object> properties = new HashMap<>();
    private Annotation[] annotations = new Annotation[0];
    private Class<?> type;
    private Type genericType;
    private MediaType mediaType;

    InterceptorContextBase(final Class<?> type, final Type genericType, final MediaType mediaType) {
        this.type = type;
        this.genericType = genericType;
        this.mediaType = mediaType;
    }

    @Override
    public Object getProperty(final String name) {
        return properties.get(name);
    }

    @Override
    public Collection<String> getPropertyNames() {
        return List.copyOf(properties.keySet());
    }

    @Override
    public void setProperty(final String name, final Object object) {
        if (object == null) {
            properties.remove(name);
        } else {
            properties.put(name, object);
        }
    }

    @Override
    public void removeProperty(final String name) {
        properties.remove(name);
    }

    @Override
    public Annotation[] getAnnotations() {
        return annotations.clone();
    }

    @Override
    public void setAnnotations(final Annotation[] annotations) {
        this.annotations = annotations == null ? new Annotation[0] : annotations.clone();
    }

    @Override
    public Class<?> getType() {
        return type;
    }

    @Override
    public void setType(final Class<?> type) {
        this.type = type;
    }

    @Override
    public Type getGenericType() {
        return genericType;
    }

    @Override
    public void setGenericType(final Type genericType) {
        this.genericType = genericType;
    }

    @Override
    public MediaType getMediaType() {
        return mediaType;
    }

    @Override
    public void setMediaType(final MediaType mediaType) {
        this.mediaType = mediaType;
    }
}
