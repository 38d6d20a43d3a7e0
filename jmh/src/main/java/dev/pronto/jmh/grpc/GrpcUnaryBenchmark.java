package dev.pronto.jmh.grpc;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.grpc.Grpc;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
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
 * One unary GetSum call (HEADERS + DATA of HttpArena's grpc-sum.bin on a new h2c stream, answered
 * with HEADERS, DATA and trailers) through the whole server pipeline on an EmbeddedChannel: the
 * HTTP/2 codec, Pronto's exchange, pronto-grpc and {@link SumService}. Run with {@code -prof gc}
 * for the bytes allocated per call:
 * {@code java -jar jmh/target/benchmarks.jar GrpcUnaryBenchmark -prof gc}.
 *
 * <p>{@code server}: {@code grpc} is the gRPC call; {@code h2-route} is a plain Pronto route
 * answering the same bytes and trailer to the same frames (what HTTP/2 and the exchange cost, so
 * the difference is pronto-grpc's share); {@code harness} only feeds and drains the channel.
 */
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"--sun-misc-unsafe-memory-access=allow", "-Dio.netty.leakDetection.level=disabled"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GrpcUnaryBenchmark {
    /** grpc-sum.bin: one uncompressed SumRequest{a=1, b=2}. */
    private static final byte[] SUM = {0, 0, 0, 0, 4, 8, 1, 16, 2};
    private static final byte[] REPLY = {0, 0, 0, 0, 2, 8, 3};

    @Param({"grpc", "h2-route", "harness"})
    public String server;

    private EmbeddedChannel channel;
    private byte[] head;
    private int stream = 1;

    @Setup
    public void setup() {
        Server s = Server.builder().routes(r -> {
            if (server.equals("h2-route")) {
                r.post("/benchmark.BenchmarkService/GetSum", (req, res) -> res.contentType("application/grpc")
                        .trailer("grpc-status", "0").send(REPLY));
            } else {
                r.register(Grpc.services(new SumService()));
            }
        }).build();
        channel = server.equals("harness") ? new EmbeddedChannel(new Drop()) : new EmbeddedChannel(s.channelInitializer(Listener.h2c(0)));
        head = H2Frames.requestHead("/benchmark.BenchmarkService/GetSum");
        // preface, empty SETTINGS, and the whole connection window so the replies never stall
        channel.writeInbound(channel.alloc().buffer().writeBytes(H2Frames.preface(Integer.MAX_VALUE - 65_535)));
        drain();
    }

    @TearDown
    public void tearDown() {
        channel.finishAndReleaseAll();
    }

    /** @return the response bytes, so the work cannot be optimised away (and a stall shows as 0) */
    @Benchmark
    public int unaryCall() {
        ByteBuf in = channel.alloc().directBuffer(64 + head.length);
        H2Frames.headers(in, stream, head);
        H2Frames.data(in, stream, SUM);
        stream += 2;
        dev.pronto.jmh.core.InMemoryExchange.feed(channel, in);
        channel.runPendingTasks();
        return drain();
    }

    private int drain() {
        int bytes = 0;
        ByteBuf out;
        while ((out = channel.readOutbound()) != null) {
            bytes += out.readableBytes();
            out.release();
        }
        return bytes;
    }

    /** The harness: releases what it reads. */
    private static final class Drop extends io.netty.channel.ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
            io.netty.util.ReferenceCountUtil.release(msg);
        }
    }

    /** Client-side HTTP/2 frames, HPACK literals without indexing so every request is the same bytes. */
    static final class H2Frames {
        private H2Frames() {
        }

        static byte[] preface(int windowIncrement) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(new byte[] {0, 0, 0, 4, 0, 0, 0, 0, 0});
            out.writeBytes(new byte[] {0, 0, 4, 8, 0, 0, 0, 0, 0});
            out.writeBytes(new byte[] {(byte) (windowIncrement >>> 24), (byte) (windowIncrement >>> 16),
                (byte) (windowIncrement >>> 8), (byte) windowIncrement});
            return out.toByteArray();
        }

        static byte[] requestHead(String path) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(0x83); // :method POST
            out.write(0x86); // :scheme http
            literal(out, ":path", path);
            literal(out, ":authority", "localhost");
            literal(out, "content-type", "application/grpc");
            literal(out, "te", "trailers");
            return out.toByteArray();
        }

        private static void literal(ByteArrayOutputStream out, String name, String value) {
            out.write(0);
            out.write(name.length());
            out.writeBytes(name.getBytes(StandardCharsets.US_ASCII));
            out.write(value.length());
            out.writeBytes(value.getBytes(StandardCharsets.US_ASCII));
        }

        static void headers(ByteBuf out, int stream, byte[] block) {
            frameHeader(out, block.length, 1, 4, stream); // HEADERS, END_HEADERS
            out.writeBytes(block);
        }

        static void data(ByteBuf out, int stream, byte[] payload) {
            frameHeader(out, payload.length, 0, 1, stream); // DATA, END_STREAM
            out.writeBytes(payload);
        }

        private static void frameHeader(ByteBuf out, int length, int type, int flags, int stream) {
            out.writeMedium(length).writeByte(type).writeByte(flags).writeInt(stream);
        }
    }
}
