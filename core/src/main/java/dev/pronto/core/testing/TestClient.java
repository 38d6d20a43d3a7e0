package dev.pronto.core.testing;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.channel.local.LocalServerChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An in-memory client for tests: runs a server's real codec, routes and handlers on an event loop
 * over Netty's {@code LocalChannel}, with no sockets and no port.
 *
 * <pre>{@code
 * try (TestClient client = TestClient.start(Server.builder().routes(r -> r.get("/", (q, s) -> s.send("hi"))))) {
 *     assertThat(client.get("/").text()).isEqualTo("hi");
 * }
 * }</pre>
 *
 * <p>Each call opens its own connection, writes the request bytes and waits for the responses
 * (at most {@link #timeout()}, then fails). Thread-safe. Starting runs the server's {@code onStart} hooks
 * ({@link Server#startWithoutListeners()}) unless it was started already; closing stops the server, which
 * runs its {@code onDrain} actions and {@code onStop} hooks, then the client's event loop.
 */
public final class TestClient implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final Server server;
    private final MultiThreadIoEventLoopGroup group;
    private final LocalAddress address;
    private final Channel listener;
    /** The in-memory teleport listener, only for {@link Protocol#TELEPORT} (raw sends use {@link #listener}). */
    private final Channel teleportListener;
    private final Protocol protocol;
    private final ClientTls clientTls;
    /** The HTTP/3 side, only for {@link Protocol#H3} (the QUIC classes load only then). */
    private final H3Exchange h3;

    /** How a client speaks to the server: every request method works over each. */
    public enum Protocol {
        /** HTTP/1.1, the raw {@link #send(String)} and {@link #sendAll(String, int)} included. */
        HTTP_1_1,
        /** HTTP/2 with prior knowledge (h2c) on the same port; raw sends stay HTTP/1.1. */
        H2C,
        /** HTTP/1.1 over TLS (ALPN {@code http/1.1}), raw sends included. */
        HTTPS,
        /** HTTP/2 over TLS (ALPN {@code h2}); raw sends are HTTP/1.1 over TLS. */
        H2,
        /**
         * HTTP/3 over QUIC on a real UDP socket of 127.0.0.1 (the server binds a {@link Listener#http3} listener
         * on a free port; needs the optional QUIC jars); raw sends are HTTP/1.1 over TLS in memory.
         */
        H3,
        /**
         * httpteleport (each request one message behind a 4-byte id, compression none) in memory on a
         * {@link Listener#teleport(int)} connection; raw sends stay HTTP/1.1. Teleport frames every response
         * by Content-Length (a streamed body arrives gathered) and carries no trailers.
         */
        TELEPORT;

        /** Whether requests travel on HTTP/2 or HTTP/3 streams (which carry trailers after any body). */
        public boolean multiplexed() {
            return this == H2C || this == H2 || this == H3;
        }

        /** Whether the connection runs TLS, which needs a {@link TlsConfig} for the server side. */
        public boolean tls() {
            return this == HTTPS || this == H2 || this == H3;
        }
    }

    private TestClient(Server.Builder builder, Protocol protocol, TlsConfig tls) {
        this(protocol == Protocol.H3 ? builder.listener(Listener.http3(0, tls).withHost("127.0.0.1")).build()
                : builder.build(), protocol, tls);
    }

    private TestClient(Server server, Protocol protocol, TlsConfig tls) {
        if (protocol.tls() != (tls != null)) {
            throw new IllegalArgumentException(protocol.tls() ? protocol + " needs the server's TlsConfig"
                    : protocol + " is cleartext; do not pass a TlsConfig");
        }
        this.server = server;
        this.protocol = protocol;
        this.clientTls = tls == null ? null : new ClientTls(tls.engine());
        this.group = new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
        if (protocol == Protocol.H3) {
            server.start();
        } else if (!server.running()) {
            // the app's onStart hooks (clients on the server's loops, readiness) run as on a real start
            server.startWithoutListeners();
        }
        this.h3 = protocol == Protocol.H3 ? new H3Exchange(server.ports().getLast()) : null;
        this.address = new LocalAddress(TestClient.class);
        this.listener = new ServerBootstrap().group(group).channel(LocalServerChannel.class)
                .childHandler(tls == null ? server.channelInitializer() : server.channelInitializer(Listener.https(0, tls)))
                .bind(address).syncUninterruptibly().channel();
        this.teleportListener = protocol == Protocol.TELEPORT ? new ServerBootstrap().group(group)
                .channel(LocalServerChannel.class).childHandler(server.channelInitializer(Listener.teleport(0)))
                .bind(new LocalAddress(TestClient.class)).syncUninterruptibly().channel() : null;
    }

    /** Starts an in-memory client for {@code builder}'s server (the server is built, not bound). */
    public static TestClient start(Server.Builder builder) {
        return new TestClient(builder, Protocol.HTTP_1_1, null);
    }

    /**
     * Starts an in-memory client speaking cleartext {@code protocol} for {@code builder}'s server.
     *
     * @throws IllegalArgumentException for a TLS protocol (use {@link #start(Server.Builder, Protocol, TlsConfig)})
     */
    public static TestClient start(Server.Builder builder, Protocol protocol) {
        return new TestClient(builder, protocol, null);
    }

    /**
     * Starts an in-memory client speaking {@code protocol} over TLS: the server side serves the
     * connections as an {@link Listener#https(int, TlsConfig)} listener with {@code tls} would. The
     * client trusts any certificate (it is a test client) and offers only the protocol's ALPN id.
     *
     * @throws IllegalArgumentException for a cleartext protocol
     */
    public static TestClient start(Server.Builder builder, Protocol protocol, TlsConfig tls) {
        return new TestClient(builder, protocol, java.util.Objects.requireNonNull(tls, "tls"));
    }

    /** Starts an in-memory client for {@code server}, which need not be started. */
    public static TestClient start(Server server) {
        return new TestClient(server, Protocol.HTTP_1_1, null);
    }

    /** The protocol of {@link #get} and {@link #request}. */
    public Protocol protocol() {
        return protocol;
    }

    /** How long a call waits for its responses. */
    public Duration timeout() {
        return TIMEOUT;
    }

    /** Sends {@code GET uri} and returns the response. */
    public TestResponse get(String uri) {
        return request("GET", uri, Map.of(), null);
    }

    /**
     * Sends one request with a {@code Host} header, the given headers and, when {@code body} is not
     * null, a UTF-8 body with its Content-Length.
     */
    public TestResponse request(String method, String uri, Map<String, String> headers, String body) {
        if (protocol == Protocol.H3) {
            try {
                return h3.request(new H2Exchange.Request(method, uri, headers, body), TIMEOUT.toMillis());
            } catch (Exception e) {
                throw new AssertionError("no complete HTTP/3 response within " + TIMEOUT, e);
            }
        }
        if (protocol.multiplexed()) {
            return h2(new H2Exchange.Request(method, uri, headers, body));
        }
        ByteBuf raw = http1(new H2Exchange.Request(method, uri, headers, body));
        if (protocol == Protocol.TELEPORT) {
            return teleport(new TeleportExchange(raw, ResponseReader.Body.answering(method)));
        }
        List<TestResponse> answered = exchange(raw, 1, ResponseReader.Body.answering(method));
        if (answered.isEmpty()) {
            throw new AssertionError("connection closed before the response ended");
        }
        return answered.get(0);
    }

    private static ByteBuf http1(H2Exchange.Request request) {
        String method = request.method();
        String body = request.body();
        StringBuilder sb = new StringBuilder(method).append(' ').append(request.uri()).append(" HTTP/1.1\r\nHost: test\r\n");
        request.headers().forEach((k, v) -> sb.append(k).append(": ").append(v).append("\r\n"));
        byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (body != null) {
            sb.append("Content-Length: ").append(payload.length).append("\r\n");
        }
        sb.append("\r\n");
        return Unpooled.buffer().writeBytes(sb.toString().getBytes(StandardCharsets.ISO_8859_1)).writeBytes(payload);
    }

    /** Writes {@code raw} request bytes as they are and returns the first response. */
    public TestResponse send(String raw) {
        return sendAll(raw, 1).get(0);
    }

    /**
     * Writes {@code raw} (any number of pipelined requests) in one write and waits for
     * {@code count} responses, or fewer if the server closes the connection first.
     */
    public List<TestResponse> sendAll(String raw, int count) {
        return exchange(Unpooled.copiedBuffer(raw, StandardCharsets.ISO_8859_1), count, ResponseReader.Body.FRAMED);
    }

    private List<TestResponse> exchange(ByteBuf raw, int count, ResponseReader.Body expected) {
        Collector collector = new Collector(count, expected);
        Channel ch = connect(false, collector);
        try {
            ch.writeAndFlush(raw);
            return collector.done.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("no complete response within " + TIMEOUT + " (" + collector.received.size()
                    + " of " + count + " received)", e);
        } finally {
            ch.close().syncUninterruptibly();
        }
    }

    private TestResponse h2(H2Exchange.Request request) {
        H2Exchange exchange = new H2Exchange();
        io.netty.handler.codec.http2.Http2ConnectionHandler h2 = exchange.handler();
        Channel ch = connect(true, h2, new ChannelInboundHandlerAdapter() {
            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                exchange.fail("connection closed before the response ended");
            }
        });
        try {
            ch.eventLoop().submit(() -> H2Exchange.write(h2, ch.pipeline().context(h2), request)).syncUninterruptibly();
            return exchange.done.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("no complete HTTP/2 response within " + TIMEOUT, e);
        } finally {
            ch.close().syncUninterruptibly();
        }
    }

    private TestResponse teleport(TeleportExchange exchange) {
        Channel ch = new Bootstrap().group(group).channel(LocalChannel.class).handler(exchange)
                .connect(teleportListener.localAddress()).syncUninterruptibly().channel();
        try {
            return exchange.done.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("no complete teleport response within " + TIMEOUT, e);
        } finally {
            ch.close().syncUninterruptibly();
        }
    }

    /** Opens a connection whose pipeline is TLS (when the protocol has it), then {@code handlers}. */
    private Channel connect(boolean http2, ChannelHandler... handlers) {
        return new Bootstrap().group(group).channel(LocalChannel.class)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel c) {
                        if (clientTls != null) {
                            c.pipeline().addLast(clientTls.handler(c.alloc(), http2));
                        }
                        c.pipeline().addLast(handlers);
                    }
                })
                .connect(address).syncUninterruptibly().channel();
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        if (teleportListener != null) {
            teleportListener.close().syncUninterruptibly();
        }
        if (h3 != null) {
            h3.close();
        }
        // the server first: its onDrain actions and onStop hooks run, its connections close on a live loop
        server.stop(Duration.ZERO);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static final class Collector extends ChannelInboundHandlerAdapter {
        final CompletableFuture<List<TestResponse>> done = new CompletableFuture<>();
        final List<TestResponse> received = new ArrayList<>();
        private final int count;
        private final ResponseReader.Body expected;
        private final ByteBuf buffer = Unpooled.buffer();

        Collector(int count, ResponseReader.Body expected) {
            this.count = count;
            this.expected = expected;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof ByteBuf b) {
                buffer.writeBytes(b);
                b.release();
            } else if (msg instanceof io.netty.channel.FileRegion region) {
                region.transferTo(new BufferChannel(buffer), region.transferred());
                region.release();
            }
            parse(false);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            parse(true);
            done.complete(List.copyOf(received));
            buffer.release();
        }

        private void parse(boolean eof) {
            TestResponse r;
            while (received.size() < count && (r = ResponseReader.next(buffer, expected, eof)) != null) {
                if (r.status() >= 200) {
                    received.add(r);
                }
            }
            if (received.size() == count) {
                done.complete(List.copyOf(received));
            }
        }
    }

    /** Collects a FileRegion's bytes, since in-memory channels hand regions over untransferred. */
    private record BufferChannel(ByteBuf target) implements java.nio.channels.WritableByteChannel {
        @Override
        public int write(java.nio.ByteBuffer src) {
            int n = src.remaining();
            target.writeBytes(src);
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }
}
