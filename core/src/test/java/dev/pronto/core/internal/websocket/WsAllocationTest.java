package dev.pronto.core.internal.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Bytes allocated per echoed 5-byte text message on an upgraded EmbeddedChannel connection, measured
 * on a FastThreadLocalThread (as event loops are) with the thread's allocation counter. What a message
 * must cost: the {@code String} the handler receives (24 B + a 24 B array), the send's stage
 * ({@code WsWrite}), the flush's promise and the outbound frame's buffer: 136 B measured with
 * Pronto's decoder, fed without {@code writeInbound}'s varargs array (160 B with it; Netty's decoder and frame
 * objects measured 184 B with it). The budget leaves room for one-off allocations spread over the run, not for one
 * more object per message.
 */
class WsAllocationTest {
    private static final int BUDGET_BYTES_PER_MESSAGE = 144;
    private static final byte[] FRAME = WsWire.text("hello");

    @Test
    void echoedTextMessageStaysWithinBudget() throws Exception {
        AtomicLong perMessage = new AtomicLong();
        Thread t = new FastThreadLocalThread(() -> perMessage.set(measure()));
        t.start();
        t.join();

        assertThat(perMessage.get()).isLessThanOrEqualTo(BUDGET_BYTES_PER_MESSAGE);
    }

    private static long measure() {
        // paranoid leak detection records a stack trace per buffer; the budget is for production
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        try (WsChannel ws = new WsChannel(r -> r.ws("/ws", new WebSocketHandler() {
            @Override
            public void onText(WebSocket s, String text) {
                s.sendText(text);
            }
        }))) {
            assertThat(ws.upgrade("/ws")).startsWith("HTTP/1.1 101");
            long least = Long.MAX_VALUE;
            for (int round = 0; round < 3; round++) {
                // the least of three: escape analysis settles at different times
                least = Math.min(least, round(ws, 100_000));
            }
            return least;
        } finally {
            ResourceLeakDetector.setLevel(level);
        }
    }

    private static long round(WsChannel ws, int n) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        ByteBufAllocator alloc = ws.ch.alloc();
        long before = mx.getThreadAllocatedBytes(id);
        for (int i = 0; i < n; i++) {
            dev.pronto.core.internal.http1.TestChannels.feed(ws.ch, alloc.directBuffer(FRAME.length).writeBytes(FRAME));
            Object out;
            while ((out = ws.ch.readOutbound()) != null) {
                if (i == n - 1) {
                    assertThat(((ByteBuf) out).toString(StandardCharsets.ISO_8859_1)).isEqualTo("\u0081\u0005hello");
                }
                ((ByteBuf) out).release();
            }
        }
        return (mx.getThreadAllocatedBytes(id) - before) / n;
    }
}
