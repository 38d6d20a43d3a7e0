package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.server.WireSettings;
import dev.pronto.testsupport.Await;
import dev.pronto.wire.Transports;
import dev.pronto.core.internal.websocket.WsWire;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class WebSocketSocketTest {
    private static final long BOUND = 32L << 20;

    private static final WebSocketHandler ECHO = new WebSocketHandler() {
        @Override
        public void onText(WebSocket ws, String text) {
            ws.sendText(text);
        }

        @Override
        public void onBinary(WebSocket ws, ByteBuf data) {
            ws.sendBinary(data.retain());
        }
    };

    private static Server start(Transport transport, java.util.function.Consumer<Routes> routes) {
        Assumptions.assumeTrue(WireSettings.transport(Transports.resolve(WireSettings.transport(transport))) == transport, transport + " does not load here");
        return Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1).transport(transport))
                .routes(routes).build().start();
    }

    private static long usedDirectMemory() {
        return ((ByteBufAllocatorMetricProvider) ByteBufAllocator.DEFAULT).metric().usedDirectMemory();
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"EPOLL", "NIO"})
    void echoesTextBinaryInOrderThenAnswersClose(Transport transport) throws Exception {
        byte[] random = new byte[256];
        ThreadLocalRandom.current().nextBytes(random);
        try (Server server = start(transport, r -> r.ws("/ws", ECHO));
             WsSocket ws = new WsSocket(server.port(), "/ws")) {
            ws.send(WsWire.text("HttpArena-validate-1f"));
            ws.send(WsWire.frame(WsWire.BINARY, true, random));
            for (int i = 0; i < 5; i++) {
                ws.send(WsWire.text("m" + i));
            }
            ws.send(WsWire.close(1000, "validate done"));

            assertThat(ws.head).startsWith("HTTP/1.1 101 ").contains("Sec-WebSocket-Accept: " + WsWire.ACCEPT);
            assertThat(ws.next().text()).isEqualTo("HttpArena-validate-1f");
            WsWire.Frame binary = ws.next();
            assertThat(binary.opcode()).isEqualTo(WsWire.BINARY);
            assertThat(binary.payload()).isEqualTo(random);
            for (int i = 0; i < 5; i++) {
                assertThat(ws.next().text()).isEqualTo("m" + i);
            }
            assertThat(ws.next().closeCode()).isEqualTo(1000);
            assertThat(ws.next()).isNull();
        }
    }

    @Test
    void blockingHandlersRunOnVirtualThreadsInFrameOrder() throws Exception {
        WebSocketHandler blocking = new WebSocketHandler() {
            @Override
            public void onText(WebSocket ws, String text) {
                ws.sendText(text + ":" + Thread.currentThread().isVirtual()).toCompletableFuture().join();
            }
        };
        try (Server server = start(Transport.NIO, r -> r.ws("/ws", WebSocketOptions.builder().blocking().build(), blocking));
             WsSocket ws = new WsSocket(server.port(), "/ws")) {
            for (int i = 0; i < 50; i++) {
                ws.send(WsWire.text("m" + i));
            }

            for (int i = 0; i < 50; i++) {
                assertThat(ws.next().text()).isEqualTo("m" + i + ":true");
            }
        }
    }

    @Test
    void gracefulStopClosesOpenWebSocketsWith1001() throws Exception {
        Server server = start(Transport.NIO, r -> r.ws("/ws", ECHO));
        try (WsSocket ws = new WsSocket(server.port(), "/ws")) {
            Thread stopper = Thread.ofVirtual().start(() -> server.stop(java.time.Duration.ofSeconds(10)));

            WsWire.Frame close = ws.next();
            ws.send(WsWire.close(1001, ""));

            assertThat(close.closeCode()).isEqualTo(1001);
            assertThat(ws.next()).isNull();
            stopper.join(10_000);
            assertThat(stopper.isAlive()).isFalse();
        } finally {
            server.close();
        }
    }

    @Test
    void plainGetIsRefusedWith426() throws Exception {
        try (Server server = start(Transport.NIO, r -> r.ws("/ws", ECHO));
             java.net.Socket s = new java.net.Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /ws HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));

            assertThat(new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1)).startsWith("HTTP/1.1 426 ");
        }
    }

    @Test
    void floodingClientThatNeverReadsCannotGrowServerMemory() throws Exception {
        try (Server server = start(Transport.NIO, r -> r.ws("/ws", ECHO));
             WsSocket ws = new WsSocket(server.port(), "/ws", 8192)) {
            long before = usedDirectMemory();
            byte[] frame = WsWire.frame(WsWire.BINARY, true, new byte[60_000]);
            long total = 4096L * frame.length;
            AtomicLong written = new AtomicLong();
            Thread writer = Thread.ofVirtual().start(() -> {
                try {
                    for (int i = 0; i < 4096; i++) {
                        ws.send(frame);
                        written.addAndGet(frame.length);
                    }
                } catch (java.io.IOException closed) {
                    // the test closes the socket under the blocked writer
                }
            });

            awaitStalled(writer, written);

            assertThat(written.get()).isLessThan(total);
            assertThat(usedDirectMemory() - before).isLessThan(BOUND);
        }
    }

    /** Waits until the writer is parked in a socket write and its progress stopped. */
    private static void awaitStalled(Thread writer, AtomicLong written) {
        // {count seen, when it last changed}: progress is judged over 300 ms, since a writer between two
        // socket writes is briefly WAITING too; a writer that ended or a timeout leaves the assertions to tell
        long[] seen = {-1, System.nanoTime()};
        Await.within(Duration.ofSeconds(30), () -> {
            long now = written.get();
            if (now != seen[0]) {
                seen[0] = now;
                seen[1] = System.nanoTime();
                return !writer.isAlive();
            }
            return !writer.isAlive() || writer.getState() == Thread.State.WAITING
                    && System.nanoTime() - seen[1] >= TimeUnit.MILLISECONDS.toNanos(300);
        });
    }

    @Test
    void serverPushPacedByOnWritableDeliversEveryMessageInOrder() throws Exception {
        int count = 2_000;
        WebSocketHandler push = new WebSocketHandler() {
            final AtomicInteger next = new AtomicInteger();

            @Override
            public void onOpen(WebSocket ws) {
                pump(ws);
            }

            private void pump(WebSocket ws) {
                while (next.get() < count && ws.isWritable()) {
                    ws.sendText(next.getAndIncrement() + ":" + "x".repeat(4000));
                }
                if (next.get() < count) {
                    ws.onWritable(() -> pump(ws));
                }
            }
        };
        try (Server server = start(Transport.NIO, r -> r.ws("/push", push));
             WsSocket ws = new WsSocket(server.port(), "/push", 8192)) {
            for (int i = 0; i < count; i++) {
                assertThat(ws.next().text()).startsWith(i + ":");
            }
        }
    }
}
