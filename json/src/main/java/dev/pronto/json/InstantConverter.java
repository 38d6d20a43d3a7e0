package dev.pronto.json;

import com.dslplatform.json.JsonReader;
import com.dslplatform.json.JsonWriter;
import dev.pronto.json.internal.InstantCodec;
import java.io.IOException;
import java.time.Instant;

/**
 * A DSL-JSON converter for {@link Instant}, which DSL-JSON does not support by itself. Name it on
 * each {@code Instant} property so the generated code calls it directly:
 * <pre>{@code
 * @CompiledJson
 * record Event(String name, @JsonAttribute(converter = InstantConverter.class) Instant at) {}
 * }</pre>
 * Instants are written as UTC ISO-8601 strings with the fraction
 * trimmed of trailing zeros ({@code "2024-05-01T10:15:30Z"}, {@code "2024-05-01T10:15:30.25Z"}); any ISO-8601
 * offset is accepted on input. {@link ProntoJson} also registers it for top-level instants.
 */
public final class InstantConverter {
    private InstantConverter() {
    }

    /**
     * Reads an instant; called by generated code.
     *
     * @param reader the reader, positioned on the value
     * @return the instant, or null for a JSON {@code null}
     * @throws IOException if the value is not an ISO-8601 date-time string
     */
    public static Instant read(JsonReader<?> reader) throws IOException {
        return InstantCodec.read(reader);
    }

    /**
     * Writes an instant; called by generated code.
     *
     * @param writer the writer
     * @param value the instant, or null
     */
    public static void write(JsonWriter writer, Instant value) {
        InstantCodec.write(writer, value);
    }
}
