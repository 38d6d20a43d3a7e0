package dev.pronto.json.internal;

import com.dslplatform.json.JsonReader;
import com.dslplatform.json.JsonWriter;

/**
 * Stands in for a converter that was not generated, so that a missing type costs no extra branch on
 * the hot path: using it throws the configuration error that names the type and the fix.
 */
final class MissingConverter implements JsonWriter.WriteObject<Object>, JsonReader.ReadObject<Object> {
    private final String message;

    private MissingConverter(String message) {
        this.message = message;
    }

    static MissingConverter encoder(String typeName) {
        return new MissingConverter("No JSON encoder for " + typeName + hint());
    }

    static MissingConverter decoder(String typeName) {
        return new MissingConverter("No JSON decoder for " + typeName + hint());
    }

    static String hint() {
        return ": annotate the type (and the types it references) with @com.dslplatform.json.CompiledJson,"
                + " compile with -Adsljson.configuration=<your.package.JsonConfiguration>"
                + " and pass new JsonConfiguration() to ProntoJson.create(...)";
    }

    String message() {
        return message;
    }

    @Override
    public void write(JsonWriter writer, Object value) {
        throw new IllegalArgumentException(message);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Object read(JsonReader reader) {
        throw new IllegalArgumentException(message);
    }
}
