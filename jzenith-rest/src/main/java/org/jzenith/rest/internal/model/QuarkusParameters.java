package org.jzenith.rest.internal.model;

import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Quarkus REST's own parameter annotations ({@code @RestPath}, {@code @RestQuery}, {@code
 * @RestHeader}, {@code @RestForm}, {@code @RestCookie}, {@code @RestMatrix}), recognised by their
 * type's name so that jZenith needs no Quarkus dependency: read once at start-up, like the
 * Jakarta REST ones. Without a value they take the element's name; a header's name is that name
 * with its capitals as hyphens ({@code contentLanguage} reads {@code content-Language}, which
 * headers' case-blindness makes {@code Content-Language}).
 */
final class QuarkusParameters {

    private static final String PACKAGE = "org.jboss.resteasy.reactive.";
    private static final Map<String, ParameterSource> SOURCES = Map.of(
            PACKAGE + "RestPath", ParameterSource.PATH,
            PACKAGE + "RestQuery", ParameterSource.QUERY,
            PACKAGE + "RestHeader", ParameterSource.HEADER,
            PACKAGE + "RestForm", ParameterSource.FORM,
            PACKAGE + "RestCookie", ParameterSource.COOKIE,
            PACKAGE + "RestMatrix", ParameterSource.MATRIX);

    private QuarkusParameters() {}

    /**
     * The parameter {@code annotation} declares, when it is one of Quarkus's.
     *
     * @throws IllegalArgumentException when it names nothing and the element's name is unknown
     */
    static Optional<ParameterDefinition> definition(
            final Annotation annotation,
            final Type type,
            final Optional<String> defaultValue,
            final List<Annotation> annotations,
            final Optional<String> elementName) {
        final Class<? extends Annotation> annotationType = annotation.annotationType();
        final ParameterSource source = SOURCES.get(annotationType.getName());
        if (source == null) {
            return Optional.empty();
        }
        final String value = value(annotation);
        final String name;
        if (!value.isEmpty()) {
            name = value;
        } else if (elementName.isPresent()) {
            name = source == ParameterSource.HEADER ? hyphenated(elementName.get()) : elementName.get();
        } else {
            throw new IllegalArgumentException("@" + annotationType.getSimpleName() + " names no parameter, so it"
                    + " takes the parameter's name, but the class was compiled without parameter names; compile"
                    + " it with -parameters (maven-compiler-plugin <parameters>true</parameters>) or name it: @"
                    + annotationType.getSimpleName() + "(\"name\")");
        }
        return Optional.of(new ParameterDefinition(source, name, type, defaultValue, annotations));
    }

    private static String value(final Annotation annotation) {
        try {
            final Object value = annotation.annotationType().getMethod("value").invoke(annotation);
            return value instanceof String text ? text : "";
        } catch (final NoSuchMethodException | IllegalAccessException e) {
            return "";
        } catch (final InvocationTargetException e) {
            throw new IllegalStateException("@" + annotation.annotationType().getSimpleName() + " cannot be read", e);
        }
    }

    private static String hyphenated(final String name) {
        final StringBuilder header = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            final char c = name.charAt(i);
            if (i > 0 && Character.isUpperCase(c)) {
                header.append('-');
            }
            header.append(c);
        }
        return header.toString();
    }
}
