package dev.pronto.core.internal.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Per-request counters without a shared write: one {@code long[]} cell of a fixed width per event loop
 * ({@link LoopSlot}), each written by its loop alone with plain reads and opaque writes (no CAS, no shared cache line,
 * no allocation once the loop's cell exists), and a shared cell, written under its own lock, for every other thread.
 * Readers add the cells up; a read is not atomic across cells, and a value never goes back between reads.
 *
 * <p>A cell's counters sit between {@link #FIRST} unused longs on each side. Cells are tiny arrays that the
 * collector copies next to each other (and next to other loops' objects), and without that padding two loops'
 * counters can share a cache line: every request then writes a line the other core holds, which one core never
 * shows and two cores do (the two-thread throughput of {@code PlaintextScalingBenchmark} swung between 1.4 and 2.1
 * requests per microsecond from one GC to the next). Counter {@code i} of a cell is at {@code FIRST + i}.
 *
 * <p>Thread-safe: {@link #mine()} and {@link #add} from any thread, {@link #sum} and {@link #cells} from any thread.
 */
public final class LoopCells extends LoopCellsFields {
    /** The index of a cell's first counter: the 64 bytes (a cache line) before it and after its last are padding. */
    public static final int FIRST = 8;
    /** Where slot 0's cell is in the array of cells: as many unused slots (64 bytes or more) lead and trail it. */
    static final int SLOTS_FROM = 16;
    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(long[].class);
    long after0, after1, after2, after3, after4, after5, after6, after7;

    /** Cells of {@code width} longs, all 0. */
    public LoopCells(int width) {
        super(width, new long[FIRST + width + FIRST], new long[SLOTS_FROM + SLOTS_FROM][]);
    }

    /** The calling event loop's cell, made on its first use; null on any other thread (then use {@link #shared()}). */
    public long[] mine() {
        int index = SLOTS_FROM + LoopSlot.current();
        long[][] all = cells;
        long[] cell;
        if (index >= SLOTS_FROM && index < all.length && (cell = all[index]) != null) {
            return cell;
        }
        return index < SLOTS_FROM ? null : grow(index);
    }

    private synchronized long[] grow(int index) {
        long[][] all = cells;
        if (index + SLOTS_FROM >= all.length) {
            all = Arrays.copyOf(all, index + 1 + SLOTS_FROM);
        } else if (all[index] == null) {
            all = all.clone();
        }
        if (all[index] == null) {
            all[index] = new long[FIRST + width + FIRST];
            cells = all;
        }
        return all[index];
    }

    /** The cell of threads that are not event loops: write it only while holding its lock (the array itself). */
    public long[] shared() {
        return shared;
    }

    /** Adds {@code n} to counter {@code counter} (from 0) of the calling thread's cell. */
    public void add(int counter, long n) {
        int index = FIRST + counter;
        long[] cell = mine();
        if (cell != null) {
            set(cell, index, cell[index] + n);
        } else {
            synchronized (shared) {
                set(shared, index, shared[index] + n);
            }
        }
    }

    /** Counter {@code counter} (from 0) summed over every cell. */
    public long sum(int counter) {
        int index = FIRST + counter;
        long n = get(shared, index);
        for (long[] cell : cells) {
            if (cell != null) {
                n += get(cell, index);
            }
        }
        return n;
    }

    /** Every cell now: the shared one first, then one per event loop that has written (read with {@link #get}). */
    public long[][] cells() {
        long[][] all = cells;
        long[][] out = new long[all.length + 1][];
        out[0] = shared;
        System.arraycopy(all, 0, out, 1, all.length);
        return out;
    }

    /** The single writer's store: opaque, so a reader never sees a torn long. */
    public static void set(long[] cell, int index, long value) {
        CELL.setOpaque(cell, index, value);
    }

    /** A reader's load of what {@link #set} stored. */
    public static long get(long[] cell, int index) {
        return (long) CELL.getOpaque(cell, index);
    }
}
