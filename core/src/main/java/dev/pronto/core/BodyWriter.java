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

    /**
     * Gives up on the body because the client does not take it (or the writer's own limit was
     * reached): HTTP/2 resets the stream with {@code ENHANCE_YOUR_CALM} (gRPC clients report
     * {@code RESOURCE_EXHAUSTED}), HTTP/1.1 and teleport close the connection. Chunks not yet
     * written are dropped and their stages fail; the response is not completed, so no trailers are
     * sent. Any thread; does nothing after {@link #end()} or once the client has gone. Later
     * {@link #write} and {@link #end()} calls throw {@code IllegalStateException}.
     */
    void abort();

    /**
     * What this writer's connection holds for its client and has not yet written to the socket,
     * summed over the streamed bodies of all its HTTP/2 streams: chunk bytes plus a fixed
     * per-chunk estimate of the bookkeeping kept with them. A writer that must bound what one client
     * costs (a gRPC call whose peer keeps its window shut) compares it with its limit; its own
     * chunks are bounded through the stages of its writes. Any thread; a snapshot that does not yet
     * count writes on their way to the event loop.
     *
     * @return the bytes, or 0 where one connection carries one response at a time (HTTP/1.1,
     *     teleport), whose own stages bound it
     */
    default long connectionBacklog() {
        return 0;
    }
}
