package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Body framing, decoding and streaming in both directions. */
class BodiesTest {
    private RawServer server;
    private final HttpClient client = HttpClient.create(ClientConfig.defaults());

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private String get(String path) {
        try (ClientResponse r = client.sendBlocking(ClientRequest.get(server.url(path)))) {
            return r.string();
        }
    }

    private static byte[] gzip(String s) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(s.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    @Test
    void chunkedBodyIsReassembled() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nHello\r\n7;ext=1\r\n, World\r\n0\r\nX-Trailer: t\r\n\r\n"));
        assertThat(get("/")).isEqualTo("Hello, World");
    }

    @Test
    void chunkedGzipBodyIsDecoded() throws Exception {
        byte[] z = gzip("compressed ".repeat(100));
        server = RawServer.start((ctx, i, req) -> {
            RawServer.send(ctx, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(z.length) + "\r\n");
            RawServer.send(ctx, z);
            RawServer.send(ctx, "\r\n0\r\n\r\n");
        });
        assertThat(get("/")).isEqualTo("compressed ".repeat(100));
    }

    @Test
    void deflateBodyIsDecoded() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out)) {
            z.write("deflated".getBytes(StandardCharsets.UTF_8));
        }
        byte[] body = out.toByteArray();
        server = RawServer.start((ctx, i, req) -> {
            RawServer.send(ctx, "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nContent-Length: " + body.length + "\r\n\r\n");
            RawServer.send(ctx, body);
        });
        assertThat(get("/")).isEqualTo("deflated");
    }

    @Test
    void acceptEncodingIsAddedWhenDecompressionIsOn() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx, RawServer.ok(
                req.contains("Accept-Encoding: gzip, deflate\r\n") ? "asked" : "not asked")));
        assertThat(get("/")).isEqualTo("asked");
    }

    @Test
    void bodyWithoutLengthEndsAtClose() {
        server = RawServer.start((ctx, i, req) -> {
            RawServer.send(ctx, "HTTP/1.1 200 OK\r\n\r\nuntil the end");
            ctx.close();
        });
        assertThat(get("/")).isEqualTo("until the end");
    }

    @Test
    void interimResponsesAreSkipped() {
        server = RawServer.start((ctx, i, req) -> RawServer.send(ctx, "HTTP/1.1 100 Continue\r\n\r\n" + RawServer.ok("final")));
        assertThat(get("/")).isEqualTo("final");
    }

    @Test
    void largeResponseIsStreamedWithBackpressure() {
        int size = 8 * 1024 * 1024;
        server = RawServer.start((ctx, i, req) -> {
            RawServer.send(ctx, "HTTP/1.1 200 OK\r\nContent-Length: " + size + "\r\n\r\n");
            for (int sent = 0; sent < size; sent += 65536) {
                ctx.write(Unpooled.wrappedBuffer(new byte[65536]));
            }
            ctx.flush();
        });
        CountingSubscriber body = new CountingSubscriber();
        try (ClientResponse head = client.sendStreaming(ClientRequest.get(server.url("/big")), body)
                .toCompletableFuture().join()) {
            assertThat(head.status()).isEqualTo(200);
        }
        assertThat(body.done.join()).isEqualTo(size);
    }

    /** Requests one buffer at a time, counting bytes and releasing each buffer. */
    static final class CountingSubscriber implements Flow.Subscriber<ByteBuf> {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        private final AtomicLong bytes = new AtomicLong();
        private Flow.Subscription subscription;

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(ByteBuf item) {
            bytes.addAndGet(item.readableBytes());
            item.release();
            subscription.request(1);
        }

        @Override
        public void onError(Throwable t) {
            done.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            done.complete(bytes.get());
        }
    }
}
