package dev.pronto.client.http.internal.contract;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;

/**
 * A parameterized type such as {@code List<Item>}, written by generated clients as a constant so
 * the JSON codec can find (and cache) its decoder; equal to the JDK's own for the same type.
 */
public record GenericType(Class<?> raw, Type[] arguments) implements ParameterizedType {
    /** Copies the arguments. */
    public GenericType {
        arguments = arguments.clone();
    }

    @Override
    public Type[] getActualTypeArguments() {
        return arguments.clone();
    }

    @Override
    public Type getRawType() {
        return raw;
    }

    @Override
    public Type getOwnerType() {
        return raw.getDeclaringClass();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParameterizedType p && raw.equals(p.getRawType())
                && java.util.Objects.equals(getOwnerType(), p.getOwnerType())
                && Arrays.equals(arguments, p.getActualTypeArguments());
    }

    @Override
    public int hashCode() {
        // the JDK's ParameterizedTypeImpl hash, so both kinds meet in a codec's cache
        return Arrays.hashCode(arguments) ^ java.util.Objects.hashCode(getOwnerType()) ^ raw.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(raw.getName()).append('<');
        for (int i = 0; i < arguments.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
        }
        return sb.append('>').toString();
    }
}
