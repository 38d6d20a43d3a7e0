package dev.pronto.core.internal.http1;

import dev.pronto.core.internal.exchange.Exchange.HeldPart;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;

/** A framed chunk of a streamed response and the stage completed once the channel has written it. */
record PromisedChunk(ByteBuf buf, CompletableFuture<Void> done) implements HeldPart {
    @Override
    public void drop() {
        buf.release();
        done.completeExceptionally(new ClosedChannelException());
    }

    /** A promise of {@code ctx} that completes {@link #done} once the channel has written the chunk. */
    ChannelPromise promise(ChannelHandlerContext ctx) {
        ChannelPromise p = ctx.newPromise();
        p.addListener(f -> {
            if (f.isSuccess()) {
                done.complete(null);
            } else {
                done.completeExceptionally(f.cause());
            }
        });
        return p;
    }
}
