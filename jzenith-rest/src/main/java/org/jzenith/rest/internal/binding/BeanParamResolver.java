package org.jzenith.rest.internal.binding;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jzenith.core.spi.execution.Execution;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.model.ParameterDefinition;
import org.jzenith.rest.internal.model.ParameterSource;
import org.jzenith.rest.internal.model.PathTemplate;
import org.jzenith.rest.internal.model.ResourceScanner;
import org.jzenith.rest.internal.params.Binding;
import org.jzenith.rest.internal.params.ParamConverters;

/**
 * Resolves a {@code @BeanParam}: a record whose components, or a class whose fields, carry
 * {@code @QueryParam}, {@code @HeaderParam} and the like. Constructors and field setters are
 * method handles made at start-up.
 */
final class BeanParamResolver {

    private BeanParamResolver() {}

    static ArgumentResolver forType(
            final Type type,
            final PathTemplate path,
            final JsonCodec json,
            final ParamConverters converters,
            final Supplier<Object> resource,
            final Execution execution) {
        if (!(type instanceof Class<?> beanClass)) {
            throw new IllegalArgumentException("@BeanParam " + type.getTypeName() + " must be a plain class or record");
        }
        try {
            return beanClass.isRecord()
                    ? forRecord(beanClass, path, json, converters, resource, execution)
                    : forClass(beanClass, path, json, converters, resource, execution);
        } catch (final ReflectiveOperationException e) {
            throw new IllegalArgumentException("@BeanParam " + beanClass.getName() + " cannot be created: " + e, e);
        }
    }

    private static ArgumentResolver forRecord(
            final Class<?> beanClass,
            final PathTemplate path,
            final JsonCodec json,
            final ParamConverters converters,
            final Supplier<Object> resource,
            final Execution execution)
            throws ReflectiveOperationException {
        final RecordComponent[] components = beanClass.getRecordComponents();
        final Constructor<?> canonical = beanClass.getDeclaredConstructor(
                Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
        // Jakarta's parameter annotations do not target record components: Java puts them on the
        // canonical constructor's parameters.
        final Parameter[] parameters = canonical.getParameters();
        final ArgumentResolver[] resolvers = new ArgumentResolver[components.length];
        for (int i = 0; i < components.length; i++) {
            final ParameterDefinition definition = ResourceScanner.definition(
                    components[i].getGenericType(),
                    List.of(parameters[i].getAnnotations()),
                    Optional.of(components[i].getName()));
            resolvers[i] =
                    member(definition, beanClass, components[i].getName(), path, json, converters, resource, execution);
        }
        final MethodHandle constructor =
                lookup(beanClass).unreflectConstructor(canonical).asSpreader(Object[].class, components.length);
        return context -> {
            final Object[] arguments = new Object[resolvers.length];
            for (int i = 0; i < resolvers.length; i++) {
                final Binding binding = resolvers[i].resolve(context);
                if (binding instanceof Binding.Invalid) {
                    return binding;
                }
                arguments[i] = ((Binding.Value) binding).value();
            }
            try {
                return Binding.value(constructor.invoke(arguments));
            } catch (final RuntimeException e) {
                return Binding.invalid(
                        e.getMessage() == null ? "the request parameters are not valid" : e.getMessage());
            } catch (final Throwable e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private static ArgumentResolver forClass(
            final Class<?> beanClass,
            final PathTemplate path,
            final JsonCodec json,
            final ParamConverters converters,
            final Supplier<Object> resource,
            final Execution execution)
            throws ReflectiveOperationException {
        final MethodHandles.Lookup lookup = lookup(beanClass);
        final MethodHandle constructor = lookup.findConstructor(beanClass, MethodType.methodType(void.class));
        final List<ArgumentResolver> resolvers = new ArrayList<>();
        final List<MethodHandle> setters = new ArrayList<>();
        for (Class<?> c = beanClass; c != null && c != Object.class; c = c.getSuperclass()) {
            for (final Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || Modifier.isFinal(field.getModifiers())) {
                    continue;
                }
                final ParameterDefinition definition = ResourceScanner.definition(
                        field.getGenericType(), List.of(field.getAnnotations()), Optional.of(field.getName()));
                if (definition.source() == ParameterSource.ENTITY) {
                    continue; // a field without a parameter annotation is the bean's own state
                }
                resolvers.add(
                        member(definition, beanClass, field.getName(), path, json, converters, resource, execution));
                setters.add(lookup(c).unreflectSetter(field));
            }
        }
        final ArgumentResolver[] fieldResolvers = resolvers.toArray(ArgumentResolver[]::new);
        final MethodHandle[] fieldSetters = setters.toArray(MethodHandle[]::new);
        return context -> {
            try {
                final Object bean = constructor.invoke();
                for (int i = 0; i < fieldResolvers.length; i++) {
                    final Binding binding = fieldResolvers[i].resolve(context);
                    if (binding instanceof Binding.Invalid) {
                        return binding;
                    }
                    fieldSetters[i].invoke(bean, ((Binding.Value) binding).value());
                }
                return Binding.value(bean);
            } catch (final RuntimeException e) {
                return Binding.invalid(
                        e.getMessage() == null ? "the request parameters are not valid" : e.getMessage());
            } catch (final Throwable e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private static ArgumentResolver member(
            final ParameterDefinition definition,
            final Class<?> beanClass,
            final String member,
            final PathTemplate path,
            final JsonCodec json,
            final ParamConverters converters,
            final Supplier<Object> resource,
            final Execution execution) {
        if (definition.source() == ParameterSource.ENTITY) {
            throw new IllegalArgumentException("@BeanParam " + beanClass.getSimpleName() + "." + member
                    + " has no @QueryParam, @PathParam, @HeaderParam, @CookieParam, @FormParam or @Context");
        }
        if (definition.source() == ParameterSource.PATH
                && path.vertxName(definition.name()).isEmpty()) {
            throw new IllegalArgumentException("@BeanParam " + beanClass.getSimpleName() + "." + member + " reads {"
                    + definition.name() + "} but the path " + path.template() + " has no such variable");
        }
        return ArgumentResolvers.compile(definition, path, json, converters, resource, execution);
    }

    private static MethodHandles.Lookup lookup(final Class<?> type) throws IllegalAccessException {
        return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
    }
}
