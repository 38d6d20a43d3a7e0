package dev.pronto.json.internal;

import com.dslplatform.json.JsonReader;
import com.dslplatform.json.JsonWriter;
import io.netty.buffer.ByteBuf;

/**
 * One thread's reusable encoding and decoding state: a writer, a reader and a byte array for
 * copying request bodies that cannot be read in place. Buffers that grew past
 * {@link #MAX_RETAINED} for one large document are dropped afterwards, so a thread keeps at most
 * about that much.
 */
final class Scratch {
    static final int INITIAL_SIZE = 4096;
    static final int MAX_RETAINED = 1 << 20;
    private static final byte[] EMPTY = new byte[0];

    private final Converters converters;
    private final JsonReader<Object> reader;
    private JsonWriter writer;
    private byte[] bytes = new byte[INITIAL_SIZE];

    Scratch(Converters converters) {
        this.converters = converters;
        this.writer = converters.newWriter(INITIAL_SIZE);
        this.reader = converters.newReader(bytes);
    }

    JsonWriter resetWriter() {
        writer.reset();
        return writer;
    }

    /**
     * Returns an array holding the readable bytes of {@code body} from index 0: the buffer's own
     * array when it starts at the first readable byte, otherwise the scratch array after one copy.
     */
    byte[] input(ByteBuf body, int length) {
        if (body.hasArray() && body.arrayOffset() + body.readerIndex() == 0) {
            return body.array();
        }
        if (bytes.length < length) {
            bytes = new byte[Math.max(length, Math.min(bytes.length * 2, MAX_RETAINED))];
        }
        body.getBytes(body.readerIndex(), bytes, 0, length);
        return bytes;
    }

    JsonReader<Object> reader(byte[] input, int length) {
        return reader.process(input, length);
    }

    /** Drops the writer if one large document grew it past the retained size. */
    void endWrite() {
        if (writer.getByteBuffer().length > MAX_RETAINED) {
            writer = converters.newWriter(INITIAL_SIZE);
        }
    }

    /** Releases the reader's reference to the last body and drops an oversized copy buffer. */
    void endRead() {
        reader.process(EMPTY, 0);
        if (bytes.length > MAX_RETAINED) {
            bytes = new byte[INITIAL_SIZE];
        }
    }
}
