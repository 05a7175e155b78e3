package org.jzenith.rest.internal.params;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/** Captures a generic type for tests: {@code new TypeRef<List<Integer>>() {}.type()}. */
abstract class TypeRef<T> {

    Type type() {
        return ((ParameterizedType) getClass().getGenericSuperclass()).getActualTypeArguments()[0];
    }
}
