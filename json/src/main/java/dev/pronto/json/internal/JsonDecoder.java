package dev.pronto.json.internal;

import com.dslplatform.json.ConfigurationException;
import com.dslplatform.json.JsonReader;
import dev.pronto.core.BadRequestException;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.lang.reflect.Type;

/**
 * Decodes request bodies with the calling thread's reused {@link JsonReader}. Every way the input
 * can be wrong (syntax, types, missing or invalid properties, depth, a {@code null} document, data
 * after the value) becomes a {@link BadRequestException} whose message gives the byte offset.
 */
public final class JsonDecoder {
    private final Converters converters;
    private final ScratchPool pool;
    private final int maxDepth;

    /**
     * Creates a decoder.
     *
     * @param converters where decoders are looked up
     * @param pool the per-thread readers and copy buffers
     * @param maxDepth the deepest nesting of arrays and objects accepted
     */
    public JsonDecoder(Converters converters, ScratchPool pool, int maxDepth) {
        this.converters = converters;
        this.pool = pool;
        this.maxDepth = maxDepth;
    }

    /**
     * Decodes the readable bytes of {@code body} without moving its reader index.
     *
     * @param body the document; owned by the caller
     * @param type the target type
     * @return the value, never null
     * @throws BadRequestException if the document is not a valid {@code type}
     * @throws IllegalArgumentException if no decoder was generated for {@code type}
     */
    public Object decode(ByteBuf body, Type type) {
        JsonReader.ReadObject<?> decoder = converters.reader(type);
        if (decoder instanceof MissingConverter missing) {
            throw new IllegalArgumentException(missing.message());
        }
        int length = body.readableBytes();
        if (length == 0) {
            throw new BadRequestException("empty body: expected a JSON " + ErrorMessages.name(type));
        }
        Scratch scratch = pool.acquire();
        try {
            byte[] input = scratch.input(body, length);
            int tooDeep = NestingGuard.tooDeepAt(input, length, maxDepth);
            if (tooDeep >= 0) {
                throw ErrorMessages.tooDeep(tooDeep, maxDepth);
            }
            try {
                return parse(scratch.reader(input, length), input, decoder, type);
            } catch (BadRequestException refused) {
                // 10021.0 is an integer to JSON Schema: read it as one (see IntegralDecimals)
                if (IntegralDecimals.refused(refused.getMessage()) && IntegralDecimals.blank(input, length)) {
                    return parse(scratch.reader(input, length), input, decoder, type);
                }
                throw refused;
            }
        } finally {
            scratch.endRead();
            pool.release(scratch);
        }
    }

    private static Object parse(
            JsonReader<Object> reader, byte[] input, JsonReader.ReadObject<?> decoder, Type type) {
        Object value;
        try {
            reader.getNextToken();
            value = decoder.read(reader);
        } catch (IOException e) {
            throw ErrorMessages.invalid(reader, e.getMessage());
        } catch (ConfigurationException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw ErrorMessages.invalid(reader, ErrorMessages.rejected(e));
        } catch (RuntimeException e) {
            throw ErrorMessages.invalid(reader, "invalid value");
        }
        if (value == null) {
            throw ErrorMessages.nullDocument(reader, type);
        }
        ErrorMessages.requireEnd(reader, input);
        return value;
    }
}
