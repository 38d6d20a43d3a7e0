package dev.pronto.core.internal.websocket;

import dev.pronto.core.Routes;
import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/** An EmbeddedChannel server connection seen from a WebSocket client: bytes in, head and frames out. */
final class WsChannel implements AutoCloseable {
    final EmbeddedChannel ch;
    private final ByteBuf received = Unpooled.buffer();

    WsChannel(Consumer<ServerConfig.Builder> config, Consumer<Routes> routes) {
        this.ch = TestChannels.server(config, routes);
    }

    WsChannel(Consumer<Routes> routes) {
        this(c -> { }, routes);
    }

    /** Sends the opening handshake for {@code path} and returns the response head. */
    String upgrade(String path) {
        return request(WsWire.upgrade(path));
    }

    /** Sends {@code request} (and frames right behind it) and returns the response head. */
    String request(String request, byte[]... frames) {
        ch.writeInbound(WsWire.buf(request.getBytes(StandardCharsets.ISO_8859_1)));
        for (byte[] f : frames) {
            ch.writeInbound(Unpooled.wrappedBuffer(f));
        }
        ch.runPendingTasks();
        drain();
        int end = indexOf("\r\n\r\n");
        if (end < 0) {
            return received.toString(StandardCharsets.ISO_8859_1);
        }
        String head = received.toString(received.readerIndex(), end + 4 - received.readerIndex(), StandardCharsets.ISO_8859_1);
        received.readerIndex(end + 4);
        return head;
    }

    private int indexOf(String s) {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = received.readerIndex(); i + b.length <= received.writerIndex(); i++) {
            boolean match = true;
            for (int k = 0; k < b.length && match; k++) {
                match = received.getByte(i + k) == b[k];
            }
            if (match) {
                return i;
            }
        }
        return -1;
    }

    void send(byte[]... frames) {
        for (byte[] f : frames) {
            ch.writeInbound(Unpooled.wrappedBuffer(f));
        }
        ch.runPendingTasks();
    }

    /** Frames written by the server since the last call. */
    List<WsWire.Frame> frames() {
        drain();
        return WsWire.parse(received);
    }

    String rest() {
        drain();
        return received.toString(StandardCharsets.ISO_8859_1);
    }

    private void drain() {
        ch.runPendingTasks();
        Object msg;
        while ((msg = ch.readOutbound()) != null) {
            if (msg instanceof ByteBuf b) {
                received.writeBytes(b);
                b.release();
            } else {
                io.netty.util.ReferenceCountUtil.release(msg);
            }
        }
    }

    void advance(long millis) {
        TestChannels.advance(ch, millis);
    }

    @Override
    public void close() {
        ch.finishAndReleaseAll();
        received.release();
    }
}
