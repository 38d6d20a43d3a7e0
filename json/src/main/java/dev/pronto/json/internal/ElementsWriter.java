package dev.pronto.json.internal;

import com.dslplatform.json.JsonWriter;
import java.util.Collection;
import java.util.List;
import java.util.RandomAccess;

/**
 * Encodes a collection or object array as a JSON array. Elements go through the element type's
 * encoder when it is known, otherwise through the encoder for each element's class. DSL-JSON's own
 * fallback for untyped collections allocates a list of writers per call; this allocates nothing for
 * random-access lists and arrays.
 */
final class ElementsWriter implements JsonWriter.WriteObject<Object> {
    private final JsonWriter.WriteObject<Object> element;
    private final Converters dynamic;

    /**
     * @param element the encoder for every element, or null to look each element's class up
     * @param dynamic where elements' classes are looked up
     */
    ElementsWriter(JsonWriter.WriteObject<Object> element, Converters dynamic) {
        this.element = element;
        this.dynamic = dynamic;
    }

    static boolean accepts(Class<?> type) {
        return Collection.class.isAssignableFrom(type)
                || type.isArray() && !type.getComponentType().isPrimitive();
    }

    @Override
    public void write(JsonWriter writer, Object value) {
        if (value == null) {
            writer.writeNull();
            return;
        }
        writer.writeByte(JsonWriter.ARRAY_START);
        if (value instanceof Object[] array) {
            for (int i = 0; i < array.length; i++) {
                item(writer, array[i], i);
            }
        } else if (value instanceof List<?> list && value instanceof RandomAccess) {
            for (int i = 0, n = list.size(); i < n; i++) {
                item(writer, list.get(i), i);
            }
        } else {
            int i = 0;
            for (Object item : (Collection<?>) value) {
                item(writer, item, i++);
            }
        }
        writer.writeByte(JsonWriter.ARRAY_END);
    }

    private void item(JsonWriter writer, Object item, int index) {
        if (index > 0) {
            writer.writeByte(JsonWriter.COMMA);
        }
        if (item == null) {
            writer.writeNull();
        } else if (element != null) {
            element.write(writer, item);
        } else {
            dynamic.writer(item.getClass()).write(writer, item);
        }
    }
}
