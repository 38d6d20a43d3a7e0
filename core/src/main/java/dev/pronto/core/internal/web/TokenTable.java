package dev.pronto.core.internal.web;

import dev.pronto.core.RateLimitStore;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The in-memory {@link RateLimitStore}: GCRA buckets, one {@code long} per slot holding a 20-bit key
 * fingerprint and the bucket's theoretical arrival time in microseconds (44 bits: 203 days from the
 * table's creation), updated with compare-and-set, so event loops never lock. A key probes 8 slots
 * from its hash; a slot whose bucket is full again is idle and may be taken by another key without
 * losing anything. Two keys share a bucket only if they also share a fingerprint within a probe
 * window (about one key in 10^5), which can make limiting stricter, never looser.
 */
public final class TokenTable implements RateLimitStore {
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int PROBE = 8;
    private static final int FP_SHIFT = 44;
    private static final long TAT = (1L << FP_SHIFT) - 1;
    private static final long RETRY = Long.MIN_VALUE;

    /** The buckets, then one overflow bucket shared by keys that find no slot. */
    private final long[] slots;
    private final int mask;
    private final long originNanos;

    /**
     * A table for {@code maxKeys} keys, rounded up to a power of two.
     *
     * @param originNanos the time its clock starts from, on the scale of the times given to {@link #take}
     */
    public TokenTable(int maxKeys, long originNanos) {
        if (maxKeys < 16 || maxKeys > 1 << 26) {
            throw new IllegalArgumentException("maxKeys must be in 16..67108864, got " + maxKeys);
        }
        int size = Integer.highestOneBit(maxKeys - 1) << 1;
        this.slots = new long[size + 1];
        this.mask = size - 1;
        this.originNanos = originNanos;
    }

    @Override
    public boolean needsKeyText() {
        return false;
    }

    /** How many keys it tracks at once. */
    public int capacity() {
        return mask + 1;
    }

    @Override
    public long take(long keyHash, String keyText, Rate rate, long nowNanos) {
        long h = mix(keyHash);
        long fp = Math.max(1, h >>> FP_SHIFT) << FP_SHIFT;
        int start = (int) h & mask;
        long now = Math.max(0, (nowNanos - originNanos) / 1000);
        long interval = Math.max(1, (rate.intervalNanos() + 999) / 1000);
        long tau = interval * rate.burst();
        for (;;) {
            long r = attempt(fp, start, now, interval, tau);
            if (r != RETRY) {
                return r;
            }
        }
    }

    private long attempt(long fp, int start, long now, long interval, long tau) {
        int free = -1;
        long freeState = 0;
        for (int k = 0; k < PROBE; k++) {
            int i = (start + k) & mask;
            long s = (long) SLOTS.getVolatile(slots, i);
            if (s != 0 && (s & ~TAT) == fp) {
                return update(i, s, now, interval, tau);
            }
            if (free < 0 && (s == 0 || (s & TAT) <= now)) {
                free = i;
                freeState = s;
            }
        }
        if (free < 0) {
            int overflow = slots.length - 1;
            return update(overflow, (long) SLOTS.getVolatile(slots, overflow), now, interval, tau);
        }
        long tat = now + interval;
        return SLOTS.compareAndSet(slots, free, freeState, fp | tat) ? (tau - interval) / interval : RETRY;
    }

    /** One GCRA step on slot {@code i} last seen as {@code s}: RETRY when another thread changed it meanwhile. */
    private long update(int i, long s, long now, long interval, long tau) {
        long next = Math.max(s & TAT, now) + interval;
        if (next - now > tau) {
            return -Math.max(1, (next - tau - now) * 1000);
        }
        return SLOTS.compareAndSet(slots, i, s, (s & ~TAT) | next) ? (tau - (next - now)) / interval : RETRY;
    }

    /** A 64-bit finalizer (SplitMix64), so close keys (neighbouring addresses) spread over the table. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
