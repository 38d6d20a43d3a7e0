package dev.pronto.json.internal;

import com.dslplatform.json.ConfigurationException;
import com.dslplatform.json.JsonWriter;
import io.netty.buffer.ByteBuf;

/**
 * Encodes values into the calling thread's reused {@link JsonWriter}, then appends the result to
 * the destination buffer with one bulk copy. Nothing reaches the destination unless encoding
 * succeeds, so a failure never leaves half a document behind.
 */
public final class JsonEncoder {
    private final Converters converters;
    private final ScratchPool pool;

    /**
     * Creates an encoder.
     *
     * @param converters where encoders are looked up
     * @param pool the per-thread writers
     */
    public JsonEncoder(Converters converters, ScratchPool pool) {
        this.converters = converters;
        this.pool = pool;
    }

    /**
     * Appends the JSON form of {@code value} to {@code out}.
     *
     * @param value the value, not null
     * @param out the destination; owned by the caller
     * @throws IllegalArgumentException if no encoder was generated for the value's class
     */
    public void encode(Object value, ByteBuf out) {
        JsonWriter.WriteObject<Object> encoder = converters.writer(value.getClass());
        Scratch scratch = pool.acquire();
        try {
            JsonWriter writer = scratch.resetWriter();
            encoder.write(writer, value);
            out.writeBytes(writer.getByteBuffer(), 0, writer.size());
        } catch (ConfigurationException e) {
            // A map or Object-typed property holding a value of a type without a converter.
            throw new IllegalArgumentException("Cannot encode " + value.getClass().getName() + ": "
                    + e.getMessage() + MissingConverter.hint(), e);
        } finally {
            scratch.endWrite();
            pool.release(scratch);
        }
    }
}
