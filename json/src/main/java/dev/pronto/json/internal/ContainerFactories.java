package dev.pronto.json.internal;

import com.dslplatform.json.DslJson;
import com.dslplatform.json.JsonReader;
import com.dslplatform.json.JsonWriter;
import com.dslplatform.json.StringConverter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Converters for {@code List<T>}, {@code Set<T>} and {@code Map<String, V>} composed from the
 * element converters. Generated code looks these up by parameterized type (for example
 * {@code List<Item>} where {@code Item} is another generated type); DSL-JSON's own factories for
 * them belong to its reflection-based run time, which stays off. These factories only combine
 * converters that already exist and never instantiate classes by reflection.
 */
final class ContainerFactories {
    private ContainerFactories() {
    }

    /**
     * Resolves decoders; a raw class such as {@code List.class} means a container of any JSON value, an
     * object array class an array of its component.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static DslJson.ConverterFactory<JsonReader.ReadObject> readers() {
        return (manifest, dsl) -> {
            if (manifest instanceof Class<?> array && array.isArray() && !array.getComponentType().isPrimitive()) {
                return objectArray((Class<Object[]>) array, dsl.tryFindReader(array.getComponentType()));
            }
            Class<?> raw = raw(manifest);
            Kind kind = raw == null || !stringKeys(manifest, raw) ? null : Kind.of(raw);
            if (kind == null) {
                return null;
            }
            JsonReader.ReadObject<?> element = dsl.tryFindReader(element(manifest));
            if (element == null) {
                return null;
            }
            return switch (kind) {
                case LIST -> reader -> reader.readCollection(element);
                case SET -> reader -> reader.readSet(element);
                case MAP -> reader -> reader.readMap(StringConverter.READER, element);
            };
        };
    }

    /** Decodes {@code Item[]} held by a generated type; null when the element has no decoder. */
    private static JsonReader.ReadObject<Object[]> objectArray(Class<Object[]> type, JsonReader.ReadObject<?> element) {
        if (element == null) {
            return null;
        }
        Object[] empty = Arrays.copyOf(new Object[0], 0, type);
        return reader -> {
            List<?> items = ((JsonReader<?>) reader).readCollection(element);
            return items == null ? null : items.toArray(empty);
        };
    }

    /**
     * Resolves encoders for collections, object arrays and string-keyed maps. Elements whose declared type has
     * no converter of its own (an interface, {@code Object}) are looked up by their class.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static DslJson.ConverterFactory<JsonWriter.WriteObject> writers(Converters dynamic) {
        return (manifest, dsl) -> {
            if (manifest instanceof Class<?> array && array.isArray() && !array.getComponentType().isPrimitive()) {
                // Item[] held by a generated type: its converter asks for the array's writer by class.
                return new ElementsWriter((JsonWriter.WriteObject<Object>) dsl.tryFindWriter(array.getComponentType()), dynamic);
            }
            Class<?> raw = raw(manifest);
            if (raw == null || manifest instanceof Class<?> || !stringKeys(manifest, raw)) {
                return null;
            }
            var element = (JsonWriter.WriteObject<Object>) dsl.tryFindWriter(element(manifest));
            if (Collection.class.isAssignableFrom(raw)) {
                return new ElementsWriter(element, dynamic);
            }
            if (Map.class.isAssignableFrom(raw)) {
                return new StringMapWriter(element, dynamic);
            }
            return null;
        };
    }

    /** The container interfaces and classes that decode without instantiating anything by reflection. */
    private enum Kind {
        LIST, SET, MAP;

        static Kind of(Class<?> raw) {
            if (raw == List.class || raw == Collection.class || raw == ArrayList.class || raw == Iterable.class) {
                return LIST;
            }
            if (raw == Set.class || raw == LinkedHashSet.class || raw == HashSet.class) {
                return SET;
            }
            if (raw == Map.class || raw == LinkedHashMap.class || raw == HashMap.class) {
                return MAP;
            }
            return null;
        }
    }

    private static Class<?> raw(Type manifest) {
        if (manifest instanceof Class<?> c) {
            return c;
        }
        if (manifest instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
            return c;
        }
        return null;
    }

    private static Type element(Type manifest) {
        if (manifest instanceof ParameterizedType p) {
            Type[] args = p.getActualTypeArguments();
            return args[args.length - 1];
        }
        return Object.class;
    }

    private static boolean stringKeys(Type manifest, Class<?> raw) {
        if (!Map.class.isAssignableFrom(raw) || !(manifest instanceof ParameterizedType p)) {
            return true;
        }
        return p.getActualTypeArguments()[0] == String.class;
    }
}
