package dev.pronto.core.internal.http2;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What the streamed responses of one HTTP/2 connection have handed to Netty's encoder and it has
 * not yet written to the socket: the chunks its flow controller holds for a peer whose windows are
 * shut, or that a socket which does not drain holds, each with a fixed estimate for the promise,
 * listener and queue entry kept beside it. Nothing bounds that queue in Netty, so a writer that
 * must bound what one client costs compares against this sum ({@code BodyWriter.connectionBacklog}).
 * Updated on the event loop only; read from any thread.
 */
final class H2Backlog {
    /** Heap kept per queued chunk beside its bytes: promise and listener, flow-controller entry, stage. */
    static final int CHUNK_COST = 256;
    private static final VarHandle BYTES;

    static {
        try {
            BYTES = MethodHandles.lookup().findVarHandle(H2Backlog.class, "bytes", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through BYTES
    private long bytes;

    /** Event loop: a chunk of {@code n} bytes was handed to the encoder. */
    void queued(int n) {
        // one writer (the event loop): a release store is enough, no read-modify-write barrier
        BYTES.setRelease(this, (long) BYTES.getOpaque(this) + n + CHUNK_COST);
    }

    /** Event loop: that chunk was written, or dropped with its stream. */
    void done(int n) {
        BYTES.setRelease(this, (long) BYTES.getOpaque(this) - n - CHUNK_COST);
    }

    /** Any thread: the current sum. */
    long bytes() {
        return (long) BYTES.getAcquire(this);
    }
}
