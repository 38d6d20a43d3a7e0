package dev.pronto.testsupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A raw HTTP/2 client over a plain socket for tests that must send what no well-behaved client
 * sends: it writes frames byte for byte and reads frames back as they arrive.
 */
public final class RawH2 implements AutoCloseable {
    /** DATA frame type. */
    public static final int DATA = 0x0;
    /** HEADERS frame type. */
    public static final int HEADERS = 0x1;
    /** RST_STREAM frame type. */
    public static final int RST_STREAM = 0x3;
    /** SETTINGS frame type. */
    public static final int SETTINGS = 0x4;
    /** PING frame type. */
    public static final int PING = 0x6;
    /** GOAWAY frame type. */
    public static final int GOAWAY = 0x7;
    /** WINDOW_UPDATE frame type. */
    public static final int WINDOW_UPDATE = 0x8;
    /** CONTINUATION frame type. */
    public static final int CONTINUATION = 0x9;
    /** The END_STREAM flag (DATA, HEADERS). */
    public static final int END_STREAM = 0x1;
    /** The END_HEADERS flag (HEADERS, CONTINUATION). */
    public static final int END_HEADERS = 0x4;
    /** The ACK flag (SETTINGS, PING). */
    public static final int ACK = 0x1;
    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private final Socket socket;
    private final OutputStream out;
    private boolean holding;
    private final DataInputStream in;
    private final DefaultHttp2HeadersEncoder hpack = new DefaultHttp2HeadersEncoder();

    /** A frame read from the server. */
    public record Frame(int type, int flags, int stream, byte[] payload) {
        /** This HEADERS frame's block, decoded by {@code hpack} (one decoder per connection: it keeps the table). */
        public Http2Headers decodeWith(io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder hpack)
                throws io.netty.handler.codec.http2.Http2Exception {
            ByteBuf block = Unpooled.wrappedBuffer(payload);
            try {
                return hpack.decodeHeaders(stream, block);
            } finally {
                block.release();
            }
        }

        /** The error code of a GOAWAY or RST_STREAM frame. */
        public long errorCode() {
            int at = type == GOAWAY ? 4 : 0;
            return ((payload[at] & 0xFFL) << 24) | ((payload[at + 1] & 0xFF) << 16) | ((payload[at + 2] & 0xFF) << 8)
                    | (payload[at + 3] & 0xFF);
        }

        /** The payload as UTF-8 text (a GOAWAY's debug data, a DATA frame's body). */
        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    /** Connects to {@code 127.0.0.1:port} in clear text and sends the preface and SETTINGS ({@code id, value} pairs). */
    public RawH2(int port, int... settings) throws IOException {
        this(new Socket("127.0.0.1", port), settings);
    }

    /** Speaks HTTP/2 on {@code socket}: a plain one, or a TLS one that negotiated h2. */
    public RawH2(Socket socket, int... settings) throws IOException {
        this.socket = socket;
        socket.setSoTimeout(10_000);
        out = new java.io.BufferedOutputStream(socket.getOutputStream(), 1 << 16);
        in = new DataInputStream(socket.getInputStream());
        out.write(PREFACE);
        byte[] payload = new byte[settings.length / 2 * 6];
        for (int i = 0; i < settings.length; i += 2) {
            int at = i / 2 * 6;
            payload[at] = (byte) (settings[i] >> 8);
            payload[at + 1] = (byte) settings[i];
            payload[at + 2] = (byte) (settings[i + 1] >> 24);
            payload[at + 3] = (byte) (settings[i + 1] >> 16);
            payload[at + 4] = (byte) (settings[i + 1] >> 8);
            payload[at + 5] = (byte) settings[i + 1];
        }
        frame(SETTINGS, 0, 0, payload);
    }

    /** Writes one frame as it is (or holds it, see {@link #hold()}). */
    public void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        byte[] f = new byte[9 + payload.length];
        f[0] = (byte) (payload.length >> 16);
        f[1] = (byte) (payload.length >> 8);
        f[2] = (byte) payload.length;
        f[3] = (byte) type;
        f[4] = (byte) flags;
        f[5] = (byte) (stream >> 24);
        f[6] = (byte) (stream >> 16);
        f[7] = (byte) (stream >> 8);
        f[8] = (byte) stream;
        System.arraycopy(payload, 0, f, 9, payload.length);
        out.write(f);
        if (!holding) {
            out.flush();
        }
    }

    /** The connection's socket (to reset it, for one). */
    public Socket socket() {
        return socket;
    }

    /** Holds the frames written from now on, to send them in one write with {@link #send()}. */
    public void hold() {
        holding = true;
    }

    /** Sends the held frames at once. */
    public void send() throws IOException {
        holding = false;
        out.flush();
    }

    /** An HPACK block for a request. */
    public byte[] block(String method, String path) throws Exception {
        return block(request(method, path));
    }

    /** The pseudo-header fields of a request, to add fields to (names are checked, values are not). */
    public static Http2Headers request(String method, String path) {
        return new DefaultHttp2Headers(true, false, 8).method(method).path(path).scheme("http").authority("localhost");
    }

    /** An HPACK block for {@code h} as it is. */
    public byte[] block(Http2Headers h) throws Exception {
        ByteBuf buf = Unpooled.buffer();
        try {
            hpack.encodeHeaders(1, h, buf);
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }

    /** Sends a request's HEADERS (END_HEADERS, plus {@code flags}) on {@code stream}. */
    public void request(int stream, String method, String path, int flags) throws Exception {
        frame(HEADERS, END_HEADERS | flags, stream, block(method, path));
    }

    /** The next frame, or null once the server closed the connection. */
    public Frame read() throws IOException {
        try {
            int length = in.readUnsignedByte() << 16 | in.readUnsignedByte() << 8 | in.readUnsignedByte();
            int type = in.readUnsignedByte();
            int flags = in.readUnsignedByte();
            int stream = in.readInt() & Integer.MAX_VALUE;
            byte[] payload = new byte[length];
            in.readFully(payload);
            return new Frame(type, flags, stream, payload);
        } catch (EOFException | java.net.SocketException closed) {
            return null;
        }
    }

    /** Reads until a frame of {@code type} arrives; null if the connection closes first. */
    public Frame awaitFrame(int type) throws IOException {
        for (Frame f = read(); f != null; f = read()) {
            if (f.type() == type) {
                return f;
            }
        }
        return null;
    }

    /** Whether the server closed the connection (reads to the end, failing on a read timeout). */
    public boolean closedByServer() throws IOException {
        try {
            while (read() != null) {
                // drain what the server still sends
            }
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
