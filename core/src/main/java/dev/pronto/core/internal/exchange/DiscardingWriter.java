package dev.pronto.core.internal.exchange;

import dev.pronto.core.BodyWriter;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The writer of a stream whose onSend hook failed: its error was answered, so chunks go nowhere. */
final class DiscardingWriter implements BodyWriter {
    static final DiscardingWriter INSTANCE = new DiscardingWriter();
    private static final CompletionStage<Void> DONE = CompletableFuture.completedFuture(null);

    private DiscardingWriter() {
    }

    @Override
    public CompletionStage<Void> write(CharSequence chunk) {
        return DONE;
    }

    @Override
    public CompletionStage<Void> write(byte[] chunk) {
        return DONE;
    }

    @Override
    public CompletionStage<Void> write(ByteBuf chunk) {
        chunk.release();
        return DONE;
    }

    @Override
    public CompletionStage<Void> end() {
        return DONE;
    }

    @Override
    public void abort() {
        // nothing was sent through this writer
    }
}
