package dev.pronto.core.internal.http2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Headers;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Raw HTTP/2 frames in and out of an EmbeddedChannel, for tests that send what no well-behaved
 * client sends: half a preface, a header block left open, a body dripped a byte at a time.
 */
final class H2Wire {
    static final int DATA = 0x0;
    static final int HEADERS = 0x1;
    static final int RST_STREAM = 0x3;
    static final int SETTINGS = 0x4;
    static final int GOAWAY = 0x7;
    static final int CONTINUATION = 0x9;
    static final int END_STREAM = 0x1;
    static final int END_HEADERS = 0x4;
    static final String PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

    private final EmbeddedChannel ch;
    private final DefaultHttp2HeadersEncoder hpackOut = new DefaultHttp2HeadersEncoder();
    private final DefaultHttp2HeadersDecoder hpackIn = new DefaultHttp2HeadersDecoder(false);
    private ByteBuf pending = Unpooled.buffer();

    /**
     * A frame the server wrote: {@code text} is the :status of HEADERS or the payload of DATA, {@code error}
     * the code of RST_STREAM and GOAWAY.
     */
    record Frame(int type, int stream, String text, long error) {
    }

    H2Wire(EmbeddedChannel ch) {
        this.ch = ch;
    }

    /** Sends the preface and an empty SETTINGS frame. */
    void start() {
        ch.writeInbound(Unpooled.copiedBuffer(PREFACE, StandardCharsets.US_ASCII));
        frame(SETTINGS, 0, 0, Unpooled.EMPTY_BUFFER);
    }

    /** The HPACK block of a request, {@code extra} header name/value pairs after the pseudo-headers. */
    ByteBuf block(String method, String path, String... extra) throws Exception {
        Http2Headers h = new DefaultHttp2Headers().method(method).path(path).scheme("http").authority("x");
        for (int i = 0; i < extra.length; i += 2) {
            h.add(extra[i], extra[i + 1]);
        }
        ByteBuf out = Unpooled.buffer();
        hpackOut.encodeHeaders(1, h, out);
        return out;
    }

    /** Sends one frame; {@code payload} is released. */
    void frame(int type, int flags, int stream, ByteBuf payload) {
        ByteBuf out = Unpooled.buffer(9 + payload.readableBytes());
        out.writeMedium(payload.readableBytes()).writeByte(type).writeByte(flags).writeInt(stream).writeBytes(payload);
        payload.release();
        ch.writeInbound(out);
    }

    void data(int stream, String bytes, int flags) {
        frame(DATA, flags, stream, Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
    }

    /** The frames the server wrote since the last call (SETTINGS, PING and WINDOW_UPDATE left out). */
    List<Frame> read() throws Exception {
        ch.runPendingTasks();
        for (Object msg = ch.readOutbound(); msg != null; msg = ch.readOutbound()) {
            ByteBuf buf = (ByteBuf) msg;
            pending.writeBytes(buf);
            buf.release();
        }
        List<Frame> frames = new ArrayList<>();
        while (pending.readableBytes() >= 9
                && pending.readableBytes() >= 9 + pending.getUnsignedMedium(pending.readerIndex())) {
            int length = pending.readUnsignedMedium();
            int type = pending.readUnsignedByte();
            pending.skipBytes(1);
            int stream = pending.readInt() & Integer.MAX_VALUE;
            ByteBuf payload = pending.readSlice(length);
            switch (type) {
                case HEADERS -> frames.add(new Frame(type, stream,
                        String.valueOf(hpackIn.decodeHeaders(stream, payload).status()), 0));
                case RST_STREAM -> frames.add(new Frame(type, stream, null, payload.getUnsignedInt(0)));
                case GOAWAY -> frames.add(new Frame(type, stream, null, payload.getUnsignedInt(4)));
                case DATA -> frames.add(new Frame(type, stream, payload.toString(StandardCharsets.UTF_8), 0));
                default -> { }
            }
        }
        pending.discardReadBytes();
        return frames;
    }

    void release() {
        pending.release();
    }
}
