package dev.pronto.testsupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicException;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP/3 client for tests, on Netty's QUIC client codec: one QUIC connection to 127.0.0.1, one stream
 * per request, any certificate trusted. Needs the QUIC jars on the test class path (declared optional here:
 * a module using this class declares them itself, see {@link H3RawClient}). Used from the test thread; every
 * wait is bounded by {@link #TIMEOUT_SECONDS}.
 */
public final class H3TestClient implements AutoCloseable {
    /** How long each call waits for the server. */
    public static final long TIMEOUT_SECONDS = QuicTestLink.TIMEOUT_SECONDS;
    private final QuicTestLink link;
    private final QuicChannel quic;
    private final CompletableFuture<io.netty.handler.codec.quic.QuicConnectionCloseEvent> closed = new CompletableFuture<>();

    /**
     * A response: status, fields, body, trailers (null when none), or the code the stream was reset with.
     *
     * @param headers the response's fields, pseudo-fields included
     * @param body the DATA frames' bytes
     * @param trailers the trailing fields, null when none came
     * @param resetCode the code the server reset the stream with, 0 when the connection closed, -1 when neither
     */
    public record Response(Http3Headers headers, byte[] body, Http3Headers trailers, long resetCode) {
        /** The {@code :status}. */
        public int status() {
            return Integer.parseInt(headers.status().toString());
        }

        /** The body as UTF-8. */
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The value of field {@code name} (lower case), or null. */
        public String header(String name) {
            CharSequence v = headers.get(name);
            return v == null ? null : v.toString();
        }
    }

    /**
     * Connects to the HTTP/3 listener on 127.0.0.1:{@code port}.
     *
     * @throws Exception when the QUIC handshake does not complete in time
     */
    public H3TestClient(int port) throws Exception {
        link = new QuicTestLink(port, codec -> codec.maxIdleTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .initialMaxData(64L << 20).initialMaxStreamDataBidirectionalLocal(16L << 20)
                .initialMaxStreamsBidirectional(16), new io.netty.channel.ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        ch.pipeline().addLast(new Http3ClientConnectionHandler(), new io.netty.channel.ChannelInboundHandlerAdapter() {
                            @Override
                            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                                if (evt instanceof io.netty.handler.codec.quic.QuicConnectionCloseEvent close) {
                                    closed.complete(close);
                                }
                                ctx.fireUserEventTriggered(evt);
                            }
                        });
                    }
                });
        quic = link.quic();
    }

    /** How the server closed the connection; completes once it did. */
    public CompletableFuture<io.netty.handler.codec.quic.QuicConnectionCloseEvent> closed() {
        return closed;
    }

    /** The QUIC connection, for its stats or to close it from the test. */
    public QuicChannel connection() {
        return quic;
    }

    /** Sends {@code GET path} and waits for the whole response. */
    public Response get(String path) throws Exception {
        return request("GET", path, Map.of(), null);
    }

    /** Sends a request with {@code fields} (lower-case names) and, unless null, {@code body}; waits for the response. */
    public Response request(String method, String path, Map<String, String> fields, byte[] body) throws Exception {
        Http3Headers h = new DefaultHttp3Headers().method(method).path(path).authority("localhost").scheme("https");
        fields.forEach(h::add);
        return send(h, body == null ? null : Unpooled.wrappedBuffer(body));
    }

    /** Sends {@code headers} and {@code body} (owned here) on a new stream, then FIN; waits for the whole response. */
    public Response send(Http3Headers headers, ByteBuf body) throws Exception {
        return start(headers, body).response().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** Sends {@code headers} on a new stream and leaves it open (no FIN), as a request whose body is still coming. */
    public Pending open(Http3Headers headers) throws Exception {
        return open(headers, null);
    }

    /**
     * As {@link #open(Http3Headers)}, with {@code observer} (unless null) ahead of the response's collector, as in
     * {@link #start(Http3Headers, ByteBuf, io.netty.channel.ChannelHandler)}.
     */
    public Pending open(Http3Headers headers, io.netty.channel.ChannelHandler observer) throws Exception {
        Collector collector = new Collector();
        QuicStreamChannel stream = Http3.newRequestStream(quic, observed(observer, collector))
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        stream.writeAndFlush(new DefaultHttp3HeadersFrame(headers));
        return new Pending(stream, collector.done);
    }

    /**
     * A request under way.
     *
     * @param stream the request's stream, for writing more, ending or resetting it
     * @param response completes with the whole response, or its reset code
     */
    public record Pending(QuicStreamChannel stream, CompletableFuture<Response> response) {
    }

    /** Starts sending {@code headers} and {@code body} (owned here) on a new stream, then FIN, without waiting. */
    public Pending start(Http3Headers headers, ByteBuf body) throws Exception {
        return start(headers, body, null);
    }

    /**
     * As {@link #start(Http3Headers, ByteBuf)}, with {@code observer} (unless null) ahead of the response's
     * collector from the stream's first byte: it sees every frame as it arrives, on the connection's event loop,
     * and must pass each one on ({@code ctx.fireChannelRead}).
     */
    public Pending start(Http3Headers headers, ByteBuf body, io.netty.channel.ChannelHandler observer) throws Exception {
        Collector collector = new Collector();
        QuicStreamChannel stream = Http3.newRequestStream(quic, observed(observer, collector))
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        io.netty.channel.ChannelFuture last = stream.write(new DefaultHttp3HeadersFrame(headers));
        if (body != null) {
            last = stream.write(new DefaultHttp3DataFrame(body));
        }
        stream.flush();
        // Netty's shutdownOutput() sends the FIN at once, past queued frames: wait for the last one
        last.addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        return new Pending(stream, collector.done);
    }

    /** {@code collector}, behind {@code observer} unless it is null. */
    private static io.netty.channel.ChannelHandler observed(io.netty.channel.ChannelHandler observer, Collector collector) {
        return observer == null ? collector : new io.netty.channel.ChannelInitializer<QuicStreamChannel>() {
            @Override
            protected void initChannel(QuicStreamChannel ch) {
                ch.pipeline().addLast(observer, collector);
            }
        };
    }

    /**
     * Sends an RFC 9218 PRIORITY_UPDATE for request stream {@code streamId} with {@code fieldValue} (as in a
     * {@code priority} field) on the client's control stream, without waiting for the server; the control stream
     * opens just after the handshake, so this waits for it (up to {@link Await#DEFAULT}).
     */
    public void priorityUpdate(long streamId, String fieldValue) {
        Await.until("the client's HTTP/3 control stream", () -> Http3.getLocalControlStream(quic) != null);
        ByteBuf payload = Unpooled.wrappedBuffer(H3Wire.varint(streamId), fieldValue.getBytes(StandardCharsets.US_ASCII));
        Http3.getLocalControlStream(quic).writeAndFlush(new io.netty.handler.codec.http3.DefaultHttp3UnknownFrame(
                H3Wire.PRIORITY_UPDATE, payload));
    }

    /**
     * Opens a bidirectional stream without the HTTP/3 codec and writes {@code raw} on it, then FIN.
     *
     * @return completes with "reset:CODE" when the server resets the stream, "closed:N" with the bytes it sent
     */
    public CompletableFuture<String> raw(byte[] raw) throws Exception {
        return raw(raw, true);
    }

    /** As {@link #raw(byte[])}; the stream is left open after {@code raw} unless {@code fin}. */
    public CompletableFuture<String> raw(byte[] raw, boolean fin) throws Exception {
        CompletableFuture<String> outcome = new CompletableFuture<>();
        QuicStreamChannel stream = quic.createStream(io.netty.handler.codec.quic.QuicStreamType.BIDIRECTIONAL,
                new io.netty.channel.ChannelInboundHandlerAdapter() {
                    private int received;

                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        received += ((ByteBuf) msg).readableBytes();
                        ((ByteBuf) msg).release();
                    }

                    @Override
                    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                        outcome.complete(cause instanceof io.netty.handler.codec.quic.QuicStreamResetException r
                                ? "reset:" + r.applicationProtocolCode() : cause.toString());
                    }

                    @Override
                    public void channelInactive(ChannelHandlerContext ctx) {
                        outcome.complete("closed:" + received);
                    }
                }).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        io.netty.channel.ChannelFuture written = stream.writeAndFlush(Unpooled.wrappedBuffer(raw));
        if (fin) {
            written.addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
        return outcome;
    }

    /** The application error code the server closed the connection with. */
    public long closeError() throws Exception {
        io.netty.handler.codec.quic.QuicConnectionCloseEvent e = closed.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        return e.error();
    }

    @Override
    public void close() {
        link.close();
    }

    /** Gathers one response; completes at the end of the stream, or with the reset code. */
    private static final class Collector extends Http3RequestStreamInboundHandler {
        final CompletableFuture<Response> done = new CompletableFuture<>();
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private Http3Headers headers;
        private Http3Headers trailers;

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            if (headers == null || headers.status().charAt(0) == '1') {
                headers = frame.headers();
            } else {
                trailers = frame.headers();
            }
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            body.writeBytes(ByteBufUtil.getBytes(frame.content()));
            frame.release();
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            done.complete(new Response(headers, body.toByteArray(), trailers, -1));
        }

        @Override
        protected void handleQuicException(ChannelHandlerContext ctx, QuicException exception) {
            if (exception instanceof io.netty.handler.codec.quic.QuicStreamResetException reset) {
                done.complete(new Response(headers, body.toByteArray(), trailers, reset.applicationProtocolCode()));
            } else {
                done.completeExceptionally(exception);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            done.complete(new Response(headers, body.toByteArray(), trailers, 0));
        }
    }
}
