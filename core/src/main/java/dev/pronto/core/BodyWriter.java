package dev.pronto.core;

import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletionStage;

/**
 * Writes a chunked response body, started by {@link Response#stream()}. May be used from any
 * thread; writes are moved to the connection's event loop and leave in call order.
 *
 * <p>Backpressure: each write returns a stage that completes when the chunk has been handed to the
 * socket; wait for it before writing more to bound memory. Chunks of a response that is not yet at
 * the head of a pipelined connection are held until the earlier responses are written.
 */
public interface BodyWriter {
    /** Writes {@code chunk} encoded as UTF-8; an empty chunk is ignored. */
    CompletionStage<Void> write(CharSequence chunk);

    /** Writes a copy of {@code chunk}; an empty chunk is ignored. */
    CompletionStage<Void> write(byte[] chunk);

    /** Writes {@code chunk}; ownership moves to the server, which releases it once written. */
    CompletionStage<Void> write(ByteBuf chunk);

    /** Ends the body (writes the last chunk). Further writes fail with {@code IllegalStateException}. */
    CompletionStage<Void> end();
}
