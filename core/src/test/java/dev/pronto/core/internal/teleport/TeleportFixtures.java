package dev.pronto.core.internal.teleport;

import dev.pronto.core.Listener;
import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import dev.pronto.core.ServerConfig;
import dev.pronto.testsupport.Bytes;
import dev.pronto.testsupport.TeleportFrames;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.function.Consumer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/** Teleport connections on an EmbeddedChannel and the bytes of the wire format, written out by hand. */
final class TeleportFixtures {
    static final HexFormat HEX = TeleportFrames.HEX;
    /** The handshake a client writing {@code none} sends (httpteleport.md §2): sniff, version 0, none, no TLS. */
    static final String HANDSHAKE_NONE = TeleportFrames.HANDSHAKE_NONE;
    static final String HANDSHAKE_FLATE = TeleportFrames.HANDSHAKE_FLATE;
    static final String HANDSHAKE_SNAPPY = TeleportFrames.HANDSHAKE_SNAPPY;
    /** The 39-byte first request observed from Go's client (§4): id 1 little-endian, then the request. */
    static final String GET_ROOT = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";

    private TeleportFixtures() {
    }

    static EmbeddedChannel server(Consumer<Routes> routes) {
        return server(c -> { }, routes);
    }

    static EmbeddedChannel server(Consumer<ServerConfig.Builder> config, Consumer<Routes> routes) {
        Server server = Server.builder().config(config).routes(routes).build();
        return new EmbeddedChannel(server.channelInitializer(Listener.teleport(0)));
    }

    static ByteBuf hex(String hex) {
        return Unpooled.wrappedBuffer(HEX.parseHex(hex));
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** One request message: the id little-endian, then the HTTP/1.1 request. */
    static byte[] frame(int id, String request) {
        return TeleportFrames.frame(id, request);
    }

    static byte[] concat(byte[]... parts) {
        return Bytes.concat(parts);
    }

    /** The head of a POST message with a Content-Length body, behind its id. */
    static byte[] postHead(int id, String path, long length) {
        return frame(id, "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + "\r\n\r\n");
    }

    /** Everything the channel wrote, as bytes; releases the buffers. */
    static byte[] written(EmbeddedChannel ch) {
        ch.runPendingTasks();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Object msg;
        while ((msg = ch.readOutbound()) != null) {
            ByteBuf buf = (ByteBuf) msg;
            byte[] b = new byte[buf.readableBytes()];
            buf.readBytes(b);
            buf.release();
            out.writeBytes(b);
        }
        return out.toByteArray();
    }

    /** A connection past its handshake (the server's 15 bytes read and dropped). */
    static EmbeddedChannel connected(EmbeddedChannel ch, String handshake) {
        ch.writeInbound(hex(handshake));
        byte[] reply = written(ch);
        if (reply.length != 15) {
            throw new AssertionError("handshake reply of " + reply.length + " bytes");
        }
        return ch;
    }

    /** Responses as text with Date values masked, for comparing whole frames. */
    static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1).replaceAll("Date: [^\r]+", "Date: *");
    }

    /** Inflates a raw-DEFLATE stream that was sync-flushed, never finished. */
    static byte[] inflate(Inflater inflater, byte[] in) throws DataFormatException {
        inflater.setInput(in);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        int n;
        while ((n = inflater.inflate(buf)) > 0) {
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    /** A raw-DEFLATE stored block (not final) holding {@code data}, followed by a sync flush marker. */
    static byte[] storedBlockThenSyncFlush(byte[] data) {
        int n = data.length;
        byte[] head = {0x00, (byte) n, (byte) (n >>> 8), (byte) ~n, (byte) (~n >>> 8)};
        return concat(head, data, HEX.parseHex("00 00 00 ff ff"));
    }
}
