package org.jzenith.rest.internal.model;

import jakarta.ws.rs.BeanParam;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The members of a {@code @BeanParam} class, read as the REST plugin binds them: a record's
 * components (their annotations from the canonical constructor's parameters, where Java puts
 * Jakarta's parameter annotations), or a class's non-static, non-final fields that carry a
 * parameter annotation, its superclasses' included. Read at start-up, never per request.
 */
public final class BeanParamMembers {

    private BeanParamMembers() {}

    /** Whether {@code parameter} is a {@code @BeanParam} whose members can be read. */
    public static boolean isBean(final ParameterDefinition parameter) {
        return parameter.source() == ParameterSource.BEAN
                && parameter.type() instanceof Class<?>
                && parameter.annotations().stream().anyMatch(BeanParam.class::isInstance);
    }

    /** The members of {@code parameter} when it {@linkplain #isBean is a bean}, empty otherwise. */
    public static List<ParameterDefinition> of(final ParameterDefinition parameter) {
        if (!isBean(parameter)) {
            return List.of();
        }
        final Class<?> bean = (Class<?>) parameter.type();
        return bean.isRecord() ? ofRecord(bean) : ofClass(bean);
    }

    private static List<ParameterDefinition> ofRecord(final Class<?> bean) {
        final RecordComponent[] components = bean.getRecordComponents();
        final Parameter[] parameters = canonicalParameters(bean, components);
        final List<ParameterDefinition> members = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            members.add(ResourceScanner.definition(
                    components[i].getGenericType(),
                    List.of(parameters[i].getAnnotations()),
                    Optional.of(components[i].getName())));
        }
        return List.copyOf(members);
    }

    private static Parameter[] canonicalParameters(final Class<?> bean, final RecordComponent[] components) {
        try {
            return bean.getDeclaredConstructor(Arrays.stream(components)
                            .map(RecordComponent::getType)
                            .toArray(Class<?>[]::new))
                    .getParameters();
        } catch (final NoSuchMethodException e) {
            throw new IllegalStateException("The record " + bean.getName() + " has no canonical constructor", e);
        }
    }

    private static List<ParameterDefinition> ofClass(final Class<?> bean) {
        final List<ParameterDefinition> members = new ArrayList<>();
        for (Class<?> type = bean; type != null && type != Object.class; type = type.getSuperclass()) {
            for (final Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || Modifier.isFinal(field.getModifiers())) {
                    continue;
                }
                final ParameterDefinition member = ResourceScanner.definition(
                        field.getGenericType(), List.of(field.getAnnotations()), Optional.of(field.getName()));
                if (member.source() != ParameterSource.ENTITY) {
                    members.add(member);
                }
            }
        }
        return List.copyOf(members);
    }
}
