package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile clients against a real socket: whatever they send, the server's memory stays within a
 * small bound per connection and other clients keep being served.
 */
class HostileClientTest {
    private static final int BIG = 16 * 1024;
    private static final long BOUND = 32L * 1024 * 1024;
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1).bodyReadTimeout(Duration.ofMillis(300))
                    .maxBodySize(64L * 1024 * 1024))
            .routes(r -> r.get("/big", (req, res) -> res.send("x".repeat(BIG)))
                    .get("/ok", (req, res) -> res.send("ok"))
                    .post("/upload", (req, res) -> res.send(String.valueOf(req.body().readableBytes()))))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    private static long usedDirectMemory() {
        return ((ByteBufAllocatorMetricProvider) ByteBufAllocator.DEFAULT).metric().usedDirectMemory();
    }

    @Test
    void pipeliningClientThatNeverReadsCannotGrowServerMemory() throws Exception {
        long before = usedDirectMemory();
        try (SocketChannel hostile = SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port()))) {
            long sent = floodUntilTheServerStopsReading(hostile);
            long answersIfUnbounded = sent / request("/big").length * BIG;

            assertThat(answersIfUnbounded).isGreaterThan(20 * BOUND);
            assertThat(usedDirectMemory() - before).isLessThan(BOUND);
            assertThat(get("/ok")).endsWith("ok");
        }
    }

    @Test
    void idleConnectionsDeclaringHugeBodiesCostOnlyWhatTheySent() throws Exception {
        long before = usedDirectMemory();
        java.util.List<Socket> idle = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                Socket s = new Socket("127.0.0.1", server.port());
                idle.add(s);
                s.getOutputStream().write(("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: " + 60 * 1024 * 1024
                        + "\r\n\r\nfirst bytes").getBytes(StandardCharsets.US_ASCII));
            }
            assertThat(get("/ok")).endsWith("ok");

            assertThat(usedDirectMemory() - before).isLessThan(BOUND);
        } finally {
            for (Socket s : idle) {
                s.close();
            }
        }
    }

    @Test
    void stalledUploadIsAnswered408AndClosed() throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nonly this much"
                    .getBytes(StandardCharsets.US_ASCII));

            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);

            assertThat(answer).startsWith("HTTP/1.1 408 Request Timeout\r\n").contains("Connection: close\r\n");
        }
    }

    /** Writes pipelined requests without reading until the server has stopped taking them for a while. */
    private static long floodUntilTheServerStopsReading(SocketChannel ch) throws IOException {
        ch.configureBlocking(false);
        byte[] one = request("/big");
        ByteBuffer block = ByteBuffer.allocate(one.length * 2048);
        while (block.hasRemaining()) {
            block.put(one);
        }
        block.flip();
        long sent = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int idle = 0;
        // not a wait for a condition but the flood itself: it writes on every turn, and 500 turns of 1 ms in
        // a row without progress are its definition of "the server stopped reading", so the park stays
        while (idle < 500 && System.nanoTime() < deadline) {
            if (!block.hasRemaining()) {
                block.rewind();
            }
            int n = ch.write(block);
            sent += n;
            if (n == 0) {
                idle++;
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            } else {
                idle = 0;
            }
        }
        return sent;
    }

    private static byte[] request(String path) {
        return ("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private String get(String path) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
