package dev.pronto.core.internal.http1;

import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * One batch buffer per event loop, reused from one flush to the next by whichever connection of the loop writes next.
 * A pooled buffer fresh from the allocator is memory the core has not touched lately: encoding a response head into
 * it and resetting its reference count were a fifth of the Java samples of a pipelined profile. The loop's last
 * batch buffer is still in cache, and reusing it also spares an allocation and a release per batch.
 *
 * <p>The loop keeps one reference to the buffer it last lent; {@link #take} lends it again only when no one else
 * holds it any more (the socket wrote it whole and released its reference: reference count 1), else gives it up to
 * whoever still holds it. Event loop only; one per loop thread, released when the loop's thread-locals are removed.
 */
final class SpareBuffer {
    /** Past this, a batch grown for a burst is returned to the allocator rather than kept per loop. */
    private static final int KEEP = 64 * 1024;
    private static final FastThreadLocal<SpareBuffer> LOCAL = new FastThreadLocal<>() {
        @Override
        protected SpareBuffer initialValue() {
            return new SpareBuffer();
        }

        @Override
        protected void onRemoval(SpareBuffer spare) {
            spare.drop();
        }
    };

    /** The buffer last lent, with one reference of ours; null when none. */
    private ByteBuf kept;

    SpareBuffer() {
    }

    /** The calling event loop's spare. */
    static SpareBuffer local() {
        return LOCAL.get();
    }

    /** The kept buffer, emptied and now the caller's, if no one else holds it and it has room for {@code size}; else null. */
    ByteBuf take(int size) {
        ByteBuf b = kept;
        if (b == null) {
            return null;
        }
        kept = null;
        if (b.refCnt() != 1 || b.capacity() < size) {
            b.release();
            return null;
        }
        return b.clear();
    }

    /**
     * Keeps {@code b}, a batch buffer the caller holds one reference to and has written to the channel (which holds
     * another until the socket has it all), for the next {@link #take}.
     */
    void keep(ByteBuf b) {
        if (kept != null || b.capacity() > KEEP) {
            b.release();
            return;
        }
        kept = b;
    }

    private void drop() {
        if (kept != null) {
            kept.release();
            kept = null;
        }
    }
}
