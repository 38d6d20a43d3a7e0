package dev.pronto.jmh.hostile;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Attack 3 of the hardening issue: a gRPC client that never reads. Over h2c (prior knowledge) it
 * opens {@code calls} (default 1) {@code BenchmarkService/EchoSum} calls with a receive window of 0
 * (SETTINGS), then sends {@code requests} 9-byte {@code SumRequest} messages on each; the server's
 * replies can only queue. It prints how the server ended the first call to end (RST_STREAM code,
 * trailers) or that none had after 30 s, and exits. Refuses any host that is not a loopback address.
 *
 * <pre>{@code java -cp jmh/target/benchmarks.jar dev.pronto.jmh.hostile.GrpcNoRead 127.0.0.1 8080 20000 [calls]}</pre>
 */
public final class GrpcNoRead {
    private static final String PATH = "/benchmark.BenchmarkService/EchoSum";
    /** One message: uncompressed, length 4, SumRequest{a=1, b=2}. */
    private static final byte[] MESSAGE = {0, 0, 0, 0, 4, 0x08, 0x01, 0x10, 0x02};
    private static final int FLUSH_EVERY = 1000;
    private static final long WAIT_SECONDS = 30;

    private GrpcNoRead() {
    }

    /**
     * Runs the attack once.
     *
     * @param args host (a loopback address), port, requests per call, optionally the number of calls
     * @throws Exception when the connection cannot be made
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 3 && args.length != 4) {
            System.err.println("usage: GrpcNoRead host port requests [calls]");
            System.exit(2);
        }
        InetAddress host = InetAddress.getByName(args[0]);
        if (!host.isLoopbackAddress()) {
            System.err.println("refusing " + host + ": this driver only targets loopback addresses");
            System.exit(2);
        }
        int port = Integer.parseInt(args[1]);
        int requests = Integer.parseInt(args[2]);
        int calls = args.length == 4 ? Integer.parseInt(args[3]) : 1;
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            System.out.println(run(group, new InetSocketAddress(host, port), requests, calls));
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    private static String run(EventLoopGroup group, InetSocketAddress server, int requests, int calls) throws Exception {
        Outcome outcome = new Outcome();
        Http2ConnectionHandler h = new Http2ConnectionHandlerBuilder().server(false)
                .initialSettings(new Http2Settings().initialWindowSize(0)).frameListener(outcome).build();
        Channel ch = new Bootstrap().group(group).channel(NioSocketChannel.class).handler(new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel c) {
                c.pipeline().addLast(h);
            }
        }).connect(server).sync().channel();
        long sent = 0;
        try {
            outcome.settings.get(10, TimeUnit.SECONDS);
            long start = System.nanoTime();
            for (int done = 0; done < requests && !outcome.ended.isDone(); done += FLUSH_EVERY) {
                int n = Math.min(FLUSH_EVERY, requests - done);
                boolean first = done == 0;
                for (int call = 0; call < calls; call++) {
                    int stream = 3 + 2 * call;
                    ch.eventLoop().submit(() -> send(h, ch.pipeline().context(h), stream, first ? -n : n)).sync();
                }
                sent += (long) n * calls;
            }
            String end = outcome.ended.get(WAIT_SECONDS, TimeUnit.SECONDS);
            long first = (System.nanoTime() - start) / 1_000_000;
            // the others get a few seconds more to end too
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (outcome.endings.size() < calls && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            return "sent " + sent + " requests on " + calls + " calls; first " + end + " after " + first + " ms; "
                    + outcome.endings.size() + " of " + calls + " calls ended: " + outcome.summary();
        } catch (TimeoutException stillOpen) {
            return "sent " + sent + " requests on " + calls + " calls; none had ended after " + WAIT_SECONDS + " s";
        } finally {
            ch.close().sync();
        }
    }

    /**
     * Event loop: writes {@code |count|} messages on {@code stream} and flushes them; a negative count
     * opens the call first.
     */
    private static Void send(Http2ConnectionHandler h, ChannelHandlerContext ctx, int stream, int count) throws Exception {
        if (count < 0) {
            Http2Headers headers = new DefaultHttp2Headers().method("POST").path(PATH).scheme("http")
                    .authority("localhost").add("content-type", "application/grpc").add("te", "trailers");
            h.encoder().writeHeaders(ctx, stream, headers, 0, false, ctx.newPromise());
        }
        ByteBuf message = Unpooled.wrappedBuffer(MESSAGE);
        for (int i = 0; i < Math.abs(count); i++) {
            h.encoder().writeData(ctx, stream, message.retainedDuplicate(), 0, false, ctx.newPromise());
        }
        message.release();
        // through the handler: it writes the flow-controlled DATA, which ctx.flush() alone would not
        h.flush(ctx);
        return null;
    }

    /** How the server ended the call, as reported frames arrive. */
    private static final class Outcome extends Http2EventAdapter {
        final CompletableFuture<Void> settings = new CompletableFuture<>();
        final CompletableFuture<String> ended = new CompletableFuture<>();
        /** How each stream ended, by stream id. */
        final java.util.Map<Integer, String> endings = new java.util.concurrent.ConcurrentHashMap<>();

        /** How many calls ended each way. */
        String summary() {
            java.util.Map<String, Long> counts = new java.util.TreeMap<>();
            endings.values().forEach(v -> counts.merge(v, 1L, Long::sum));
            return counts.toString();
        }

        @Override
        public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings s) {
            settings.complete(null);
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            endings.put(streamId, "RST_STREAM " + errorCode);
            ended.complete("the server reset stream " + streamId + " with error code " + errorCode);
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                  boolean endOfStream) {
            if (endOfStream) {
                endings.put(streamId, "grpc-status " + headers.get("grpc-status"));
                ended.complete("the server ended stream " + streamId + " with grpc-status " + headers.get("grpc-status"));
            }
        }

        @Override
        public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
            ended.complete("the server sent GOAWAY with error code " + errorCode);
        }
    }
}
