package dev.pronto.proxy.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import java.util.concurrent.Flow;
import java.util.function.BiConsumer;

/**
 * A streamed request body gathered whole, for a teleport upstream: teleport frames each message by
 * Content-Length, so a body cannot leave before its last byte. Gathering stops at {@code limit}
 * bytes: the body is cancelled (the client connection reads on and discards it once answered) and
 * {@code then} gets a null body with {@link BodyTooLarge}. Otherwise {@code then} gets the body,
 * which it owns. Callbacks on the server connection's loop.
 */
final class GatheredBody implements Flow.Subscriber<ByteBuf> {
    /** The body passed {@code limit}. */
    static final class BodyTooLarge extends RuntimeException {
        BodyTooLarge(int limit) {
            super("request body exceeds " + limit + " bytes, the most a teleport upstream is sent", null, false, false);
        }
    }

    private final int limit;
    private final BiConsumer<ByteBuf, Throwable> then;
    private final CompositeByteBuf body;
    private Flow.Subscription subscription;
    private boolean done;

    GatheredBody(int limit, ByteBufAllocator alloc, BiConsumer<ByteBuf, Throwable> then) {
        this.limit = limit;
        this.then = then;
        this.body = alloc.compositeBuffer(Integer.MAX_VALUE);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(ByteBuf buf) {
        if (done) {
            buf.release();
            return;
        }
        if (body.readableBytes() + (long) buf.readableBytes() > limit) {
            buf.release();
            subscription.cancel();
            end(new BodyTooLarge(limit));
            return;
        }
        body.addComponent(true, buf);
    }

    @Override
    public void onError(Throwable t) {
        end(t);
    }

    @Override
    public void onComplete() {
        if (!done) {
            done = true;
            then.accept(body, null);
        }
    }

    private void end(Throwable t) {
        if (!done) {
            done = true;
            body.release();
            then.accept(null, t);
        }
    }
}
