package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import io.grpc.stub.StreamObserver;
import io.grpc.testing.protobuf.SimpleRequest;
import io.grpc.testing.protobuf.SimpleResponse;
import io.grpc.testing.protobuf.SimpleServiceGrpc;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A unary reply leaves the server as one outbound buffer holding its HEADERS, DATA and trailing
 * HEADERS, on an EmbeddedChannel running the server's whole HTTP/2 pipeline; the trailers decode
 * with Netty's HPACK decoder.
 */
class UnaryOneWriteTest {
    private static final int HEADERS = 1;
    private final EmbeddedChannel channel = new EmbeddedChannel(Server.builder()
            .routes(r -> r.register(Grpc.services(new Echo()))).build().channelInitializer(Listener.h2c(0)));

    /** A unary echo. */
    private static final class Echo extends SimpleServiceGrpc.SimpleServiceImplBase {
        @Override
        public void unaryRpc(SimpleRequest request, StreamObserver<SimpleResponse> out) {
            out.onNext(SimpleResponse.newBuilder().setResponseMessage(request.getRequestMessage()).build());
            out.onCompleted();
        }
    }

    /** One frame of an outbound buffer, and which buffer it came in. */
    private record Frame(int type, int flags, int stream, byte[] payload, int buffer) {
    }

    @AfterEach
    void stop() {
        channel.finishAndReleaseAll();
    }

    @Test
    void headersDataAndTrailersLeaveInOneBuffer() throws Exception {
        ByteBuf in = Unpooled.buffer();
        in.writeBytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        frame(in, 4, 0, 0, new byte[0]);
        channel.writeInbound(in);
        frames();
        byte[] message = SimpleRequest.newBuilder().setRequestMessage("hi").build().toByteArray();
        byte[] body = new byte[5 + message.length];
        body[4] = (byte) message.length;
        System.arraycopy(message, 0, body, 5, message.length);
        ByteBuf request = Unpooled.buffer();
        frame(request, HEADERS, 4, 1, block());
        frame(request, 0, 1, 1, body);

        channel.writeInbound(request);
        channel.runPendingTasks();
        List<Frame> reply = frames().stream().filter(f -> f.stream() == 1).toList();

        assertThat(reply).extracting(Frame::type).containsExactly(HEADERS, 0, HEADERS);
        assertThat(reply.get(0).buffer()).isNotNegative();
        assertThat(reply).extracting(Frame::buffer).containsOnly(reply.get(0).buffer());
        assertThat(reply.get(2).flags() & 1).isEqualTo(1);
        Http2Headers trailers = new DefaultHttp2HeadersDecoder().decodeHeaders(1, Unpooled.wrappedBuffer(reply.get(2).payload()));
        assertThat(trailers.get("grpc-status")).hasToString("0");
    }

    private static byte[] block() throws Exception {
        Http2Headers h = new DefaultHttp2Headers().method("POST").scheme("http").authority("localhost")
                .path("/grpc.testing.SimpleService/UnaryRpc").add("content-type", "application/grpc").add("te", "trailers");
        ByteBuf out = Unpooled.buffer();
        new DefaultHttp2HeadersEncoder().encodeHeaders(1, h, out);
        byte[] b = new byte[out.readableBytes()];
        out.readBytes(b);
        return b;
    }

    private static void frame(ByteBuf out, int type, int flags, int stream, byte[] payload) {
        out.writeMedium(payload.length).writeByte(type).writeByte(flags).writeInt(stream).writeBytes(payload);
    }

    /**
     * The frames written since the last call, each tagged with the outbound buffer it started in, or
     * -1 when it spans buffers (as Netty's encoder writes a frame's header and payload).
     */
    private List<Frame> frames() {
        ByteBuf all = Unpooled.buffer();
        List<Integer> ends = new ArrayList<>();
        for (ByteBuf out = channel.readOutbound(); out != null; out = channel.readOutbound()) {
            all.writeBytes(out);
            out.release();
            ends.add(all.writerIndex());
        }
        List<Frame> frames = new ArrayList<>();
        while (all.isReadable()) {
            int first = buffer(ends, all.readerIndex());
            int length = all.readUnsignedMedium();
            int type = all.readUnsignedByte();
            int flags = all.readUnsignedByte();
            int stream = all.readInt() & Integer.MAX_VALUE;
            byte[] payload = new byte[length];
            all.readBytes(payload);
            int last = buffer(ends, all.readerIndex() - 1);
            frames.add(new Frame(type, flags, stream, payload, first == last ? first : -1));
        }
        all.release();
        return frames;
    }

    private static int buffer(List<Integer> ends, int offset) {
        int i = 0;
        while (ends.get(i) <= offset) {
            i++;
        }
        return i;
    }
}
