package dev.pronto.testsupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamResetException;
import io.netty.handler.codec.quic.QuicStreamType;
import java.io.ByteArrayOutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A QUIC client speaking ALPN h3 without any HTTP/3 codec: tests write hand-made frames ({@link H3Wire}) on
 * streams they open, and read what the server answered as raw bytes, a stream reset or a connection close.
 * Needs the QUIC jars ({@code netty-codec-http3}, {@code netty-codec-classes-quic} and the native
 * {@code netty-codec-native-quic}) on the test class path: this module declares them optional, so a module
 * using this class declares them itself. Used from the test thread; closing it closes the connection.
 */
public final class H3RawClient implements AutoCloseable {
    /** How long each call waits for the server. */
    public static final long TIMEOUT_SECONDS = QuicTestLink.TIMEOUT_SECONDS;
    private final QuicTestLink link;
    private final QuicChannel quic;
    private final CompletableFuture<QuicConnectionCloseEvent> closed = new CompletableFuture<>();

    /**
     * Connects to the HTTP/3 listener on 127.0.0.1:{@code port}, trusting any certificate.
     *
     * @throws Exception when the QUIC handshake does not complete within {@link #TIMEOUT_SECONDS}
     */
    public H3RawClient(int port) throws Exception {
        link = new QuicTestLink(port, codec -> codec.maxIdleTimeout(TIMEOUT_SECONDS * 3, TimeUnit.SECONDS)
                .initialMaxData(16L << 20).initialMaxStreamDataBidirectionalLocal(1L << 20), new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        // the server's own control and QPACK streams: read and dropped
                        ((QuicStreamChannel) msg).pipeline().addLast(new Outcome());
                    }

                    @Override
                    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                        if (evt instanceof QuicConnectionCloseEvent close) {
                            closed.complete(close);
                        }
                    }
                });
        quic = link.quic();
    }

    /** Opens a stream of {@code type}, writes {@code bytes} and, if {@code fin}, ends it; its outcome to come. */
    public Outcome open(QuicStreamType type, byte[] bytes, boolean fin) throws Exception {
        Outcome outcome = new Outcome();
        QuicStreamChannel stream = quic.createStream(type, outcome).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        outcome.stream = stream;
        ChannelFuture written = stream.writeAndFlush(Unpooled.wrappedBuffer(bytes));
        if (fin) {
            written.addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
        written.sync();
        return outcome;
    }

    /** A request stream carrying {@code bytes}, then FIN. */
    public Outcome request(byte[] bytes) throws Exception {
        return open(QuicStreamType.BIDIRECTIONAL, bytes, true);
    }

    /** The client's control stream: its type, an empty SETTINGS, then {@code frames}; left open. */
    public Outcome control(byte[] frames) throws Exception {
        return open(QuicStreamType.UNIDIRECTIONAL, H3Wire.concat(new byte[] {0x00, 0x04, 0x00}, frames), false);
    }

    /** The name of the HTTP/3 error the server closed the connection with, "open" if it did not in time. */
    public String closeError(long timeoutMillis) throws Exception {
        try {
            return H3Wire.name(closed.get(timeoutMillis, TimeUnit.MILLISECONDS).error());
        } catch (java.util.concurrent.TimeoutException e) {
            return "open";
        }
    }

    /** As {@link #closeError(long)}, waiting {@link #TIMEOUT_SECONDS}. */
    public String closeError() throws Exception {
        return closeError(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
    }

    @Override
    public void close() {
        link.close();
    }

    /** What became of a stream: the bytes the server sent, then its end ("fin"), reset ("reset:NAME") or close. */
    public static final class Outcome extends ChannelInboundHandlerAdapter {
        private final CompletableFuture<String> end = new CompletableFuture<>();
        private final ByteArrayOutputStream received = new ByteArrayOutputStream();
        private QuicStreamChannel stream;

        /** The stream, for writing more or ending it from the test; null for a stream the server opened. */
        public QuicStreamChannel stream() {
            return stream;
        }

        /** How many bytes the server sent on the stream so far. */
        public int receivedBytes() {
            return received.size();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = (ByteBuf) msg;
            received.writeBytes(io.netty.buffer.ByteBufUtil.getBytes(b));
            b.release();
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt == ChannelInputShutdownEvent.INSTANCE) {
                end.complete("fin");
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            end.complete(cause instanceof QuicStreamResetException r
                    ? "reset:" + H3Wire.name(r.applicationProtocolCode()) : cause.toString());
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            end.complete("closed");
        }

        /** "reset:NAME", or the body of the DATA frames when the stream ended, or how else it ended. */
        public String result() throws Exception {
            String how = end.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return how.equals("fin") ? "body:" + H3Wire.body(received.toByteArray()) : how;
        }
    }
}
