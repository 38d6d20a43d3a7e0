package dev.pronto.core.internal.util;

import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.Arrays;

/**
 * A small index per event-loop thread, so per-request counters can live in one cell per loop with a
 * single writer each (no CAS, no shared cache line). Event loops are Netty's (and Vert.x's)
 * {@link FastThreadLocalThread}s, where the lookup is an array read; any other thread (a virtual thread of a
 * blocking handler, a test's thread) gets -1 and records into a shared, synchronized cell instead, so the
 * number of cells never grows with the threads an application starts. A slot is reused once the thread that held
 * it has ended: {@link Thread#isAlive()} returning false makes the old writer's last writes visible to the new one,
 * so each cell keeps exactly one writer at a time.
 */
public final class LoopSlot {
    // Beyond this many live event-loop threads, the rest share the synchronized cell: bounded memory per series.
    private static final int MAX_SLOTS = 1024;
    private static final Object LOCK = new Object();
    private static Thread[] owners = new Thread[16];
    private static int used;

    private static final FastThreadLocal<int[]> SLOT = new FastThreadLocal<>() {
        @Override
        protected int[] initialValue() {
            return new int[] {assign(Thread.currentThread())};
        }
    };

    private LoopSlot() {
    }

    /** The calling thread's slot, from 0, or -1 when it is not an event loop (or every slot is taken). */
    public static int current() {
        return FastThreadLocalThread.currentThreadHasFastThreadLocal() ? SLOT.get()[0] : -1;
    }

    private static int assign(Thread thread) {
        synchronized (LOCK) {
            for (int i = 0; i < used; i++) {
                if (!owners[i].isAlive()) {
                    owners[i] = thread;
                    return i;
                }
            }
            if (used == MAX_SLOTS) {
                return -1;
            }
            if (used == owners.length) {
                owners = Arrays.copyOf(owners, owners.length * 2);
            }
            owners[used] = thread;
            return used++;
        }
    }
}
