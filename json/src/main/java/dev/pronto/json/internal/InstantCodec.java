package dev.pronto.json.internal;

import com.dslplatform.json.JavaTimeConverter;
import com.dslplatform.json.JsonReader;
import com.dslplatform.json.JsonWriter;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Reads and writes {@link Instant} as an ISO-8601 string in UTC ({@code "2024-05-01T10:15:30Z"}),
 * accepting any offset on input. DSL-JSON 2 ships no {@code Instant} converter; this one reuses its
 * allocation-light {@code OffsetDateTime} parser and printer.
 */
public final class InstantCodec {
    private InstantCodec() {
    }

    /**
     * Reads an instant, or null for a JSON {@code null}.
     *
     * @param reader positioned on the value
     * @return the instant, or null
     * @throws IOException if the value is not an ISO-8601 date-time string
     */
    public static Instant read(JsonReader<?> reader) throws IOException {
        if (reader.wasNull()) {
            return null;
        }
        try {
            return JavaTimeConverter.deserializeDateTime(reader).toInstant();
        } catch (DateTimeException e) {
            throw reader.newParseErrorAt("Expecting an ISO-8601 date-time such as 2024-05-01T10:15:30Z", 0);
        }
    }

    /**
     * Writes an instant as a UTC ISO-8601 string, or {@code null}.
     *
     * @param writer the destination
     * @param value the instant, may be null
     */
    public static void write(JsonWriter writer, Instant value) {
        if (value == null) {
            writer.writeNull();
        } else {
            JavaTimeConverter.serialize(OffsetDateTime.ofInstant(value, ZoneOffset.UTC), writer);
        }
    }
}
