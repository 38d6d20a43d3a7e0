package dev.pronto.core;

import dev.pronto.core.internal.websocket.WsWire;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

/** A raw-socket WebSocket client for tests: the handshake, masked frames out, frames in. */
final class WsSocket implements AutoCloseable {
    final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final ByteBuf received = Unpooled.buffer();
    private final ArrayDeque<WsWire.Frame> frames = new ArrayDeque<>();
    final String head;

    WsSocket(int port, String path, int receiveBuffer) throws IOException {
        socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        socket.setSoTimeout(10_000);
        out = socket.getOutputStream();
        in = socket.getInputStream();
        out.write(WsWire.upgrade(path).getBytes(StandardCharsets.ISO_8859_1));
        head = readHead();
    }

    WsSocket(int port, String path) throws IOException {
        this(port, path, 0);
    }

    private String readHead() throws IOException {
        StringBuilder sb = new StringBuilder();
        while (!sb.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            sb.append((char) b);
        }
        return sb.toString();
    }

    void send(byte[] frame) throws IOException {
        out.write(frame);
    }

    /** The next frame, or null when the server closed the socket. */
    WsWire.Frame next() throws IOException {
        byte[] chunk = new byte[16384];
        while (frames.isEmpty()) {
            List<WsWire.Frame> parsed = WsWire.parse(received);
            if (!parsed.isEmpty()) {
                frames.addAll(parsed);
                break;
            }
            int n = in.read(chunk);
            if (n < 0) {
                return null;
            }
            received.writeBytes(chunk, 0, n);
            received.discardReadBytes();
        }
        return frames.poll();
    }

    /** Whether the server closed the connection (reads end-of-stream after any remaining frames). */
    boolean closedByServer() throws IOException {
        while (next() != null) {
            // drain what is left
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        socket.close();
        received.release();
    }
}
