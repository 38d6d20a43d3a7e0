package dev.pronto.core.internal.teleport;

import dev.pronto.wire.TeleportWire;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * A teleport client on a real socket, written from the wire format (httpteleport.md) with plain
 * java.io, so it holds no pooled buffers of its own: requests go out as raw bytes (compressed by the
 * caller for flate), responses are read back as {@code id status body}. One writer and one reader
 * thread at most.
 */
final class TeleportSocket implements AutoCloseable {
    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;

    TeleportSocket(int port, boolean flate) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(30_000);
        out = socket.getOutputStream();
        out.write(TeleportFixtures.HEX.parseHex(flate ? TeleportFixtures.HANDSHAKE_FLATE : TeleportFixtures.HANDSHAKE_NONE));
        out.flush();
        InputStream raw = socket.getInputStream();
        raw.readNBytes(TeleportWire.HANDSHAKE_LENGTH);
        InputStream body = flate ? new InflaterInputStream(raw, new Inflater(true), 8192) : raw;
        in = new DataInputStream(new BufferedInputStream(body));
    }

    /** Bytes the pooled allocator of this JVM (the server's) holds in direct memory now. */
    static long usedDirectMemory() {
        return ((ByteBufAllocatorMetricProvider) ByteBufAllocator.DEFAULT).metric().usedDirectMemory();
    }

    /** The head of a POST message with a Content-Length body, behind its id. */
    static byte[] postHead(int id, String path, long length) {
        return TeleportFixtures.frame(id, "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + "\r\n\r\n");
    }

    /** {@code bytes} as one raw-DEFLATE stream, sync-flushed and never finished, as a flate client sends. */
    static byte[] deflate(byte[] bytes) {
        Deflater d = new Deflater(Deflater.BEST_SPEED, true);
        d.setInput(bytes);
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        byte[] buf = new byte[64 * 1024];
        int n;
        while ((n = d.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH)) > 0) {
            compressed.write(buf, 0, n);
        }
        d.end();
        return compressed.toByteArray();
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Reads the next response: {@code "id status body"}. */
    String read() throws IOException {
        int id = Integer.reverseBytes(in.readInt());
        StringBuilder head = new StringBuilder();
        while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
            head.append((char) in.readUnsignedByte());
        }
        String text = head.toString();
        int status = Integer.parseInt(text.substring(9, 12));
        int at = text.toLowerCase().indexOf("content-length:");
        int length = at < 0 ? 0 : Integer.parseInt(text.substring(at + 15, text.indexOf('\r', at)).trim());
        return id + " " + status + " " + new String(in.readNBytes(length), StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
