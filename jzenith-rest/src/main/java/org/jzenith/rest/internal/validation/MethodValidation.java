package org.jzenith.rest.internal.validation;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Valid;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jzenith.rest.internal.model.ResourceScanner;

/**
 * Bean Validation for the objects Guice makes, as Quarkus offers it for CDI beans: a method whose
 * parameters or return value carry constraints ({@code @NotBlank}, {@code @Valid}, ...) is
 * validated when called: a parameter's violation is a {@link ConstraintViolationException}, which a
 * request answers with 400 and the violations; a return value's is an {@link IllegalStateException}
 * (the service broke its contract), which a request answers with 500. Resource classes are left out: the REST plugin validates
 * their parameters itself, before the method is called.
 *
 * <p>Only what Guice constructs is intercepted (not instances bound with {@code toInstance} or made
 * by {@code @Provides} methods), and only non-private, non-final, non-static methods.
 */
public final class MethodValidation implements MethodInterceptor {

    private final LazyValidation validation;

    public MethodValidation(final LazyValidation validation) {
        this.validation = validation;
    }

    @Override
    public Object invoke(final MethodInvocation invocation) throws Throwable {
        final Method method = invocation.getMethod();
        final Object target = invocation.getThis();
        final Set<ConstraintViolation<Object>> parameters =
                validation.validator().forExecutables().validateParameters(target, method, invocation.getArguments());
        if (!parameters.isEmpty()) {
            throw new ConstraintViolationException(parameters);
        }
        final Object result = invocation.proceed();
        if (isConstrained(method)) {
            final Set<ConstraintViolation<Object>> returned =
                    validation.validator().forExecutables().validateReturnValue(target, method, result);
            if (!returned.isEmpty()) {
                // The method broke its own contract: a fault of the service, not of the request.
                throw new IllegalStateException(
                        method.getDeclaringClass().getSimpleName() + "." + method.getName()
                                + " returned a value that violates its constraints",
                        new ConstraintViolationException(returned));
            }
        }
        return result;
    }

    /** Whether Guice should intercept {@code type}'s methods: it is not a resource class. */
    public static boolean validates(final Class<?> type) {
        return !ResourceScanner.isResource(type) && !type.getName().startsWith("org.jzenith.rest.internal.");
    }

    /** Whether {@code method} has a constrained parameter or return value. */
    public static boolean isValidated(final Method method) {
        if (method.isSynthetic() || method.isBridge() || Modifier.isStatic(method.getModifiers())) {
            return false;
        }
        return isConstrained(method)
                || Arrays.stream(method.getParameterAnnotations())
                        .flatMap(Arrays::stream)
                        .anyMatch(MethodValidation::isConstraint);
    }

    private static boolean isConstrained(final AnnotatedElement element) {
        return Arrays.stream(element.getAnnotations()).anyMatch(MethodValidation::isConstraint);
    }

    private static boolean isConstraint(final Annotation annotation) {
        return annotation.annotationType() == Valid.class
                || annotation.annotationType().isAnnotationPresent(Constraint.class);
    }
}
