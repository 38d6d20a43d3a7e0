package dev.pronto.testsupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty's leak detector found a leaked resource while it ran.
 *
 * <p>Registered for every test class through JUnit's extension auto-detection (the build turns it
 * on). After the class, it collects garbage, waits until the collector's weak references are
 * enqueued, and allocates a buffer so the detector polls its queue. A leak found later (say, by a
 * buffer an event loop still held) fails the class during which it is found; the failure carries
 * the detector's access records, which name where the buffer was used.
 */
public final class LeakCheckExtension implements AfterAllCallback {
    private static final int ROUNDS = 2;

    /** Creates the extension; JUnit calls this once per test class. */
    public LeakCheckExtension() {
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        for (int i = 0; i < ROUNDS; i++) {
            collectGarbage();
            pollDetectors();
        }
        List<String> leaks = LeakRecorder.drain();
        if (!leaks.isEmpty()) {
            throw new AssertionError(leaks.size() + " Netty resource leak(s) found while "
                    + context.getDisplayName() + " ran; the first:\n" + leaks.get(0));
        }
    }

    /** A full collection, then a wait until its weak references are enqueued (not a sleep). */
    private static void collectGarbage() throws InterruptedException {
        ReferenceQueue<Object> queue = new ReferenceQueue<>();
        WeakReference<Object> sentinel = new WeakReference<>(new Object(), queue);
        System.gc();
        queue.remove(2_000);
        Reference.reachabilityFence(sentinel);
    }

    /** The detector reports only when a new resource of its type is tracked: allocate one. */
    private static void pollDetectors() {
        ByteBuf pooled = PooledByteBufAllocator.DEFAULT.directBuffer(1);
        pooled.release();
        ByteBuf unpooled = UnpooledByteBufAllocator.DEFAULT.heapBuffer(1);
        unpooled.release();
    }
}
