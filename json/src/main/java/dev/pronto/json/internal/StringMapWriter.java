package dev.pronto.json.internal;

import com.dslplatform.json.JsonWriter;
import java.util.Map;

/** Encodes a {@code Map<String, V>} as a JSON object, with the value type's encoder when known. */
final class StringMapWriter implements JsonWriter.WriteObject<Object> {
    private final JsonWriter.WriteObject<Object> value;
    private final Converters dynamic;

    /**
     * @param value the encoder for every value, or null to look each value's class up
     * @param dynamic where values' classes are looked up
     */
    StringMapWriter(JsonWriter.WriteObject<Object> value, Converters dynamic) {
        this.value = value;
        this.dynamic = dynamic;
    }

    @Override
    public void write(JsonWriter writer, Object map) {
        if (map == null) {
            writer.writeNull();
            return;
        }
        writer.writeByte(JsonWriter.OBJECT_START);
        boolean first = true;
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) map).entrySet()) {
            if (!first) {
                writer.writeByte(JsonWriter.COMMA);
            }
            first = false;
            writer.writeString(String.valueOf(entry.getKey()));
            writer.writeByte(JsonWriter.SEMI);
            Object v = entry.getValue();
            if (v == null) {
                writer.writeNull();
            } else if (value != null) {
                value.write(writer, v);
            } else {
                dynamic.writer(v.getClass()).write(writer, v);
            }
        }
        writer.writeByte(JsonWriter.OBJECT_END);
    }
}
