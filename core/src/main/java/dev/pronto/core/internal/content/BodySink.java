package dev.pronto.core.internal.content;

import dev.pronto.core.BodyWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.CompletableFuture;

/** What a protocol does with the chunks of one streamed response, behind the exchange core's {@code FramedBody}. */
public interface BodySink {
    /** The allocator the chunks are encoded into. Any thread. */
    ByteBufAllocator alloc();

    /**
     * Where {@link #start}, {@link #write} and {@link #abort} run: the stream's event loop, or
     * {@code ImmediateEventExecutor} for a sink that works on the writer's thread and hops by itself.
     */
    EventExecutor loop();

    /**
     * Whether the stream still takes frames (open, its connection not closing). Asked, while the exchange
     * is still RESPONDING, before each {@link #start} and {@link #write}; when either is not so, the head
     * is not written and the exchange is aborted, and a chunk is released and its stage failed. On
     * {@link #loop()}.
     */
    boolean writable();

    /**
     * Writes (or prepares) the head, {@code defaultType} being the type if none was set. Only while
     * {@link #writable()}. On {@link #loop()}.
     */
    void start(String defaultType);

    /**
     * Frames and writes {@code chunk}, which the sink then owns (it releases it if it cannot write it),
     * and settles {@code done} once written or failed; with {@code last}, settles the exchange as
     * {@link #finish()} does. Called at most once with {@code last}, after which nothing more is written;
     * only while {@link #writable()}. On {@link #loop()}.
     */
    void write(ByteBuf chunk, boolean last, CompletableFuture<Void> done);

    /**
     * Settles the exchange when its last chunk came after the stream stopped being {@link #writable()}
     * (the chunk was dropped). On {@link #loop()}.
     */
    void finish();

    /**
     * Gives up on the stream; called at most once, never after the last chunk, and not once the
     * exchange went to another request. On {@link #loop()}.
     */
    void abort();

    /** As {@link BodyWriter#connectionBacklog()}. Any thread. */
    default long connectionBacklog() {
        return 0;
    }
}
