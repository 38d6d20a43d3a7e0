package dev.pronto.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.core.BodyListener;
import dev.pronto.core.BodyWriter;
import dev.pronto.core.Listener;
import dev.pronto.core.Response;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import dev.pronto.core.ServerConfig;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Large bodies through a streaming proxy on real sockets: 256 MiB generated on the fly each way
 * (client → edge → backend and back) arrive intact while the direct memory in use stays within a
 * few MiB, sampled at every chunk; whole-body forwarding would need the body's size.
 */
class ProxyStreamingTest {
    private static final long SIZE = Long.getLong("proxy.test.mib", 256) << 20;
    private static final int CHUNK = 64 * 1024;
    /**
     * Streamed bodies still count against maxBodySize: raised, as a proxy for large uploads must (and the
     * response timeout with it: on a loaded machine with paranoid leak detection 256 MiB can take 30 s).
     */
    private static final long MAX_BODY = 1L << 30;
    /** Far below the body: buffers in flight plus the allocator's chunk granularity for three servers (3-5 MiB seen). */
    private static final long BOUND = 16L << 20;

    private static void large(ServerConfig.Builder c) {
        c.maxBodySize(MAX_BODY).responseTimeout(Duration.ofSeconds(120));
    }

    private final List<AutoCloseable> open = new ArrayList<>();
    private final AtomicLong highWater = new AtomicLong();
    private long baseline;

    @AfterEach
    void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private static long usedDirect() {
        return ((ByteBufAllocatorMetricProvider) ByteBufAllocator.DEFAULT).metric().usedDirectMemory();
    }

    private void sample() {
        highWater.accumulateAndGet(usedDirect() - baseline, Math::max);
    }

    /** Byte {@code i} of the generated body. */
    private static byte at(long i) {
        return (byte) (i * 31 + (i >>> 16));
    }

    private static byte[] bytesAt(long off) {
        byte[] chunk = new byte[CHUNK];
        for (int j = 0; j < CHUNK; j++) {
            chunk[j] = at(off + j);
        }
        return chunk;
    }

    /** The generated chunk at {@code off}, filled in one write (leak detection records every access). */
    private static ByteBuf generated(long off) {
        return ByteBufAllocator.DEFAULT.directBuffer(CHUNK).writeBytes(bytesAt(off));
    }

    private static long expectedCrc() {
        CRC32 crc = new CRC32();
        for (long off = 0; off < SIZE; off += CHUNK) {
            crc.update(bytesAt(off));
        }
        return crc.getValue();
    }

    private static void update(CRC32 crc, ByteBuf buf) {
        crc.update(buf.nioBuffer(buf.readerIndex(), buf.readableBytes()));
    }

    private Server backend() {
        Server s = Server.builder().listener(Listener.http(0)).config(ProxyStreamingTest::large).routes(r -> r
                .post("/sink", RouteOptions.streaming(), (req, res) -> {
                    Response async = res.async();
                    CRC32 crc = new CRC32();
                    long[] n = new long[1];
                    req.onBody(new BodyListener() {
                        @Override
                        public void onChunk(ByteBuf chunk) {
                            sample();
                            n[0] += chunk.readableBytes();
                            update(crc, chunk);
                        }

                        @Override
                        public void onEnd() {
                            async.send(n[0] + " " + crc.getValue());
                        }
                    });
                })
                .get("/source", (req, res) -> source(res.stream(), 0))).build().start();
        open.add(s::close);
        return s;
    }

    /** Writes the generated body, the next chunk once the previous reached the socket. */
    private void source(BodyWriter w, long off) {
        if (off >= SIZE) {
            w.end();
            return;
        }
        w.write(generated(off)).thenRun(() -> source(w, off + CHUNK));
    }

    private Server edge(Server backend, UpstreamTransport transport) {
        UpstreamGroup[] group = new UpstreamGroup[1];
        Server edge = Server.builder().listener(Listener.http(0)).config(ProxyStreamingTest::large).routes(r -> r
                .post("/sink", RouteOptions.streaming(), (req, res) -> Proxy.to(group[0]).streaming().handle(req, res))
                .get("/source", RouteOptions.streaming(), (req, res) -> Proxy.to(group[0]).streaming().handle(req, res)))
                .build().start();
        int port = backend.ports().get(0);
        Upstream up = transport == UpstreamTransport.HTTP_2 ? Upstream.h2c("127.0.0.1", port)
                : Upstream.http("127.0.0.1", port);
        group[0] = UpstreamGroup.builder().upstream(up.withTimeout(Duration.ofSeconds(120))).build(edge.eventLoopGroup());
        open.add(edge::close);
        open.add(group[0]);
        return edge;
    }

    private HttpClient client() {
        HttpClient c = HttpClient.create(ClientConfig.builder().requestTimeout(Duration.ofSeconds(120)).build());
        open.add(c);
        return c;
    }

    @ParameterizedTest
    @EnumSource(value = UpstreamTransport.class, names = {"HTTP_1_1", "HTTP_2"})
    void aLargeUploadStreamsThroughWithBoundedMemory(UpstreamTransport transport) throws Exception {
        Server edge = edge(backend(), transport);
        HttpClient client = client();
        baseline = usedDirect();
        ClientRequest up = ClientRequest.builder().method("POST").uri("http://127.0.0.1:" + edge.port() + "/sink")
                .body(new Generated()).build();
        try (ClientResponse r = client.send(up).toCompletableFuture().get(120, TimeUnit.SECONDS)) {
            assertThat(r.status() + " " + r.string()).isEqualTo("200 " + SIZE + " " + expectedCrc());
        }
        assertThat(highWater.get()).isLessThan(BOUND);
    }

    @ParameterizedTest
    @EnumSource(value = UpstreamTransport.class, names = {"HTTP_1_1", "HTTP_2"})
    void aLargeDownloadStreamsThroughWithBoundedMemory(UpstreamTransport transport) throws Exception {
        Server edge = edge(backend(), transport);
        HttpClient client = client();
        baseline = usedDirect();
        Received received = new Received();
        ClientResponse head = client.sendStreaming(ClientRequest.get("http://127.0.0.1:" + edge.port() + "/source"),
                received).toCompletableFuture().get(120, TimeUnit.SECONDS);
        head.close();
        assertThat(head.status()).isEqualTo(200);
        assertThat(received.done.get(120, TimeUnit.SECONDS)).isEqualTo(SIZE + " " + expectedCrc());
        assertThat(highWater.get()).isLessThan(BOUND);
    }

    /** An edge streaming /sink to the backend's teleport port, gathering at most {@code limit} body bytes. */
    private Server teleportEdge(int limit) {
        Server backend = Server.builder().listener(Listener.teleport(0)).config(ProxyStreamingTest::large)
                .routes(r -> r.post("/sink", (req, res) -> res.send(String.valueOf(req.body().readableBytes()))))
                .build().start();
        open.add(backend::close);
        UpstreamGroup[] group = new UpstreamGroup[1];
        Server edge = Server.builder().listener(Listener.http(0)).config(ProxyStreamingTest::large).routes(r -> r
                .post("/sink", RouteOptions.streaming(), (req, res) -> Proxy.to(group[0]).streaming(limit).handle(req, res)))
                .build().start();
        group[0] = UpstreamGroup.builder().upstream(Upstream.teleport("127.0.0.1", backend.port())).build(edge.eventLoopGroup());
        open.add(edge::close);
        open.add(group[0]);
        return edge;
    }

    private static ClientRequest upload(Server edge, int bytes) {
        return ClientRequest.builder().method("POST").uri("http://127.0.0.1:" + edge.port() + "/sink")
                .body(new byte[bytes]).build();
    }

    @Test
    void aTeleportUpstreamGetsTheBodyGatheredWhole() {
        Server edge = teleportEdge(1 << 20);
        try (ClientResponse r = client().sendBlocking(upload(edge, 300_000))) {
            assertThat(r.status() + " " + r.string()).isEqualTo("200 300000");
        }
    }

    @Test
    void aBodyPastTheGatherLimitOfATeleportUpstreamIs413() {
        Server edge = teleportEdge(100_000);
        try (ClientResponse r = client().sendBlocking(upload(edge, 300_000))) {
            assertThat(r.status()).isEqualTo(413);
            assertThat(r.string()).contains("100000 bytes");
        }
    }

    @Test
    void aBodilessGetOnAStreamingRouteIsForwardedWhole() throws Exception {
        Server backend = Server.builder().listener(Listener.http(0))
                .routes(r -> r.get("/small", (req, res) -> res.send("small"))).build().start();
        open.add(backend::close);
        UpstreamGroup[] group = new UpstreamGroup[1];
        Server edge = Server.builder().listener(Listener.http(0)).routes(r -> r
                .get("/small", RouteOptions.streaming(), (req, res) -> Proxy.to(group[0]).streaming().handle(req, res)))
                .build().start();
        group[0] = UpstreamGroup.builder().upstream(Upstream.http("127.0.0.1", backend.port())).build(edge.eventLoopGroup());
        open.add(edge::close);
        open.add(group[0]);
        try (ClientResponse r = client().sendBlocking(ClientRequest.get("http://127.0.0.1:" + edge.port() + "/small"))) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.string()).isEqualTo("small");
            assertThat(r.header("via")).isEqualTo("1.1 pronto");
        }
    }

    /** The generated body, a chunk per unit of demand; a trampoline, as the client asks from inside onNext. */
    private final class Generated implements Flow.Publisher<ByteBuf> {
        @Override
        public void subscribe(Flow.Subscriber<? super ByteBuf> s) {
            s.onSubscribe(new Flow.Subscription() {
                private long demand;
                private long off;
                private boolean emitting;
                private boolean finished;

                @Override
                public void request(long n) {
                    demand += n;
                    if (emitting || finished) {
                        return;
                    }
                    emitting = true;
                    while (demand > 0 && off < SIZE && !finished) {
                        demand--;
                        ByteBuf chunk = generated(off);
                        off += CHUNK;
                        s.onNext(chunk);
                    }
                    emitting = false;
                    if (off >= SIZE && !finished) {
                        finished = true;
                        s.onComplete();
                    }
                }

                @Override
                public void cancel() {
                    finished = true;
                }
            });
        }
    }

    /** Counts and checksums a streamed response body, one buffer of demand at a time. */
    private final class Received implements Flow.Subscriber<ByteBuf> {
        final CompletableFuture<String> done = new CompletableFuture<>();
        private final CRC32 crc = new CRC32();
        private Flow.Subscription s;
        private long n;

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            s = subscription;
            s.request(1);
        }

        @Override
        public void onNext(ByteBuf item) {
            sample();
            n += item.readableBytes();
            update(crc, item);
            item.release();
            s.request(1);
        }

        @Override
        public void onError(Throwable t) {
            done.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            done.complete(n + " " + crc.getValue());
        }
    }
}
