package dev.pronto.jmh.json;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.pronto.json.ProntoJson;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decoding a JSON array of HttpArena items from a pooled direct buffer, as the server hands over a
 * request body for {@code req.json(type)}: ours, and Jackson databind reading the buffer as a stream
 * or after copying it to a byte array.
 */
@State(Scope.Thread)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ArenaJsonDecodeBenchmark {
    /** How many items the body holds. */
    @Param({"1", "10", "50"})
    public int count;

    private ProntoJson pronto;
    private Type listOfItems;
    private ObjectReader jackson;
    private ByteBuf body;

    /** Encodes the items compactly into the body and checks that both decoders read them back. */
    @Setup
    public void setup() throws IOException {
        List<Arena.Item> items = Arena.items(count);
        ObjectMapper mapper = new ObjectMapper();
        TypeReference<List<Arena.Item>> reference = new TypeReference<>() { };
        byte[] json = mapper.writeValueAsBytes(items);
        body = PooledByteBufAllocator.DEFAULT.directBuffer(json.length).writeBytes(json);
        pronto = ProntoJson.create(new JmhJsonConfiguration());
        listOfItems = reference.getType();
        jackson = mapper.readerFor(reference);
        if (!items.equals(prontoFromPooledDirectBuffer()) || !items.equals(jacksonFromByteBufInputStream())
                || !items.equals(jacksonFromCopiedBytes())) {
            throw new IllegalStateException("decoders disagree on " + listOfItems);
        }
        if (!(listOfItems instanceof ParameterizedType)) {
            throw new IllegalStateException("expected a parameterized type, got " + listOfItems);
        }
    }

    /** Releases the body. */
    @TearDown
    public void tearDown() {
        body.release();
    }

    /** Ours: one copy of the body into a thread-local array, then parsing in place. */
    @Benchmark
    public Object prontoFromPooledDirectBuffer() {
        return pronto.read(body, listOfItems);
    }

    /** Jackson: parsing the body through an input stream view. */
    @Benchmark
    public Object jacksonFromByteBufInputStream() throws IOException {
        try (InputStream in = new ByteBufInputStream(body.duplicate())) {
            return jackson.readValue(in);
        }
    }

    /** Jackson: copying the body into a fresh array, then parsing that. */
    @Benchmark
    public Object jacksonFromCopiedBytes() throws IOException {
        return jackson.readValue(ByteBufUtil.getBytes(body));
    }
}
