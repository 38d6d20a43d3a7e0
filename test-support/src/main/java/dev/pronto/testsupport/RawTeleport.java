package dev.pronto.testsupport;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * A teleport client on a real socket to 127.0.0.1, on plain java.io so it holds no pooled buffers of its
 * own (memory tests can count the server's alone): it sends the handshake of {@link TeleportFrames}, then
 * writes whatever bytes a test hands it (compressed by the test for flate) and reads responses back as
 * {@code "id status body"}. One writer and one reader thread at most; reads time out after 30 s.
 */
public final class RawTeleport implements AutoCloseable {
    /** What the client declares it writes, which is also what the server answers in. */
    public enum Compression {
        /** Raw messages both ways. */
        NONE,
        /** One raw-DEFLATE stream each way (see {@link TeleportFrames#deflate(byte[])}). */
        FLATE
    }

    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;

    /**
     * Connects to {@code port}, sends the handshake and reads the server's.
     *
     * @throws IOException when the connection or the handshake fails
     */
    public RawTeleport(int port, Compression compression) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(30_000);
        out = socket.getOutputStream();
        boolean flate = compression == Compression.FLATE;
        out.write(TeleportFrames.HEX.parseHex(flate ? TeleportFrames.HANDSHAKE_FLATE : TeleportFrames.HANDSHAKE_NONE));
        out.flush();
        InputStream raw = socket.getInputStream();
        raw.readNBytes(TeleportFrames.HANDSHAKE_LENGTH);
        InputStream body = flate ? new InflaterInputStream(raw, new Inflater(true), 8192) : raw;
        in = new DataInputStream(new BufferedInputStream(body));
    }

    /** Writes {@code bytes} as they are and flushes. */
    public void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Reads the next response: {@code "id status body"} (see {@link TeleportFrames#readResponse}). */
    public String read() throws IOException {
        return TeleportFrames.readResponse(in);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
