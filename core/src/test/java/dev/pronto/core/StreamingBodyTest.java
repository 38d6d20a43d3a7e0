package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StreamingBodyTest {
    private static final int SIZE = 20 * 1024 * 1024;
    private final AtomicReference<Thread> loop = new AtomicReference<>();
    private final AtomicLong largestChunk = new AtomicLong();
    private final Server server = Server.builder()
            .config(c -> c.host("127.0.0.1").port(0).ioThreads(1).maxBodySize(32L * 1024 * 1024))
            .routes(r -> r
                    .post("/count", RouteOptions.streaming(), (req, res) -> {
                        loop.set(Thread.currentThread());
                        long[] n = {0};
                        req.onBody(new BodyListener() {
                            @Override
                            public void onChunk(io.netty.buffer.ByteBuf chunk) {
                                n[0] += chunk.readableBytes();
                                largestChunk.accumulateAndGet(chunk.readableBytes(), Math::max);
                            }

                            @Override
                            public void onEnd() {
                                res.send(Long.toString(n[0]));
                            }
                        });
                    })
                    .post("/blocking", RouteOptions.blocking().streamingBody(), (req, res) -> {
                        try (InputStream in = req.bodyStream()) {
                            res.send(Long.toString(in.transferTo(OutputStream.nullOutputStream())));
                        }
                    })
                    .post("/early", RouteOptions.streaming(), (req, res) -> res.status(413).send("too big")))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    private String upload(String path, String framing) throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: x\r\n" + framing + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            byte[] block = new byte[64 * 1024];
            boolean chunked = framing.contains("chunked");
            for (int sent = 0; sent < SIZE; sent += block.length) {
                if (chunked) {
                    out.write((Integer.toHexString(block.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                }
                out.write(block);
                if (chunked) {
                    out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
            }
            if (chunked) {
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            s.getInputStream().transferTo(response);
            return response.toString(StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void listenerCountsATwentyMebibyteBodyInSmallChunks() throws Exception {
        String out = upload("/count", "Content-Length: " + SIZE + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 200 OK").endsWith("\r\n\r\n" + SIZE);
        assertThat(largestChunk.get()).isLessThanOrEqualTo(1024 * 1024);
    }

    @Test
    void chunkedUploadIsStreamedToo() throws Exception {
        assertThat(upload("/count", "Transfer-Encoding: chunked\r\n")).endsWith("\r\n\r\n" + SIZE);
    }

    @Test
    void blockingHandlerReadsTheBodyAsAStream() throws Exception {
        assertThat(upload("/blocking", "Content-Length: " + SIZE + "\r\n")).endsWith("\r\n\r\n" + SIZE);
    }

    @Test
    void uploadAllocatesLittleHeapOnTheEventLoop() throws Exception {
        upload("/count", "Content-Length: " + SIZE + "\r\n");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = loop.get().threadId();
        // paranoid leak detection records a stack trace per buffer; measure the production setting
        io.netty.util.ResourceLeakDetector.Level level = io.netty.util.ResourceLeakDetector.getLevel();
        io.netty.util.ResourceLeakDetector.setLevel(io.netty.util.ResourceLeakDetector.Level.DISABLED);
        long allocated;
        try {
            long before = mx.getThreadAllocatedBytes(id);
            upload("/count", "Content-Length: " + SIZE + "\r\n");
            allocated = mx.getThreadAllocatedBytes(id) - before;
        } finally {
            io.netty.util.ResourceLeakDetector.setLevel(level);
        }

        assertThat(allocated).isLessThan(SIZE / 64);
    }

    @Test
    void answeringBeforeTheBodyEndsClosesTheConnection() throws Exception {
        String out = upload("/early", "Content-Length: " + SIZE + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 413").contains("Connection: close\r\n").endsWith("too big");
    }
}
