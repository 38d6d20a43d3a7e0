package dev.pronto.jmh.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.pronto.json.ProntoJson;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
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
 * Encoding the HttpArena {@code /json/{count}} response into a reused pooled direct buffer, as the
 * server does for {@code res.json(value)}: ours, and Jackson databind in its two usual ways into the
 * same buffer. Run with {@code -prof gc}; ours should allocate 0 B/op.
 */
@State(Scope.Thread)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ArenaJsonEncodeBenchmark {
    /** How many items the response lists. */
    @Param({"1", "10", "50"})
    public int count;

    private Arena.ItemsResponse response;
    private ProntoJson pronto;
    private ObjectWriter jackson;
    private ByteBuf out;
    private OutputStream outStream;

    /** Loads the items, builds the response and checks that both encoders produce the same JSON. */
    @Setup
    public void setup() throws IOException {
        response = Arena.response(Arena.items(count));
        pronto = ProntoJson.create(new JmhJsonConfiguration());
        // Kept open so that one stream over the reused buffer serves every call.
        jackson = new ObjectMapper().writerFor(Arena.ItemsResponse.class)
                .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        out = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        outStream = new ByteBufOutputStream(out);
        String ours = render(prontoIntoPooledDirectBuffer());
        String theirs = render(jacksonWriteValueAsBytesThenCopy());
        if (!ours.equals(theirs) || !theirs.equals(render(jacksonWriteValueToByteBufOutputStream()))) {
            throw new IllegalStateException("encoders disagree:\n" + ours + "\n" + theirs);
        }
    }

    /** Releases the buffer. */
    @TearDown
    public void tearDown() {
        out.release();
    }

    /** Ours: one thread-local writer, then one copy into the buffer. */
    @Benchmark
    public int prontoIntoPooledDirectBuffer() {
        out.clear();
        pronto.write(response, out);
        return out.writerIndex();
    }

    /** Jackson: a fresh byte array per response, copied into the buffer. */
    @Benchmark
    public int jacksonWriteValueAsBytesThenCopy() throws IOException {
        out.clear();
        out.writeBytes(jackson.writeValueAsBytes(response));
        return out.writerIndex();
    }

    /** Jackson: streaming through its recycled buffer into the buffer. */
    @Benchmark
    public int jacksonWriteValueToByteBufOutputStream() throws IOException {
        out.clear();
        jackson.writeValue(outStream, response);
        return out.writerIndex();
    }

    private String render(int length) {
        return out.toString(0, length, StandardCharsets.UTF_8);
    }
}
