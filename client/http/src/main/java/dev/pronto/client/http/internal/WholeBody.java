package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Flow;

/**
 * A response body that arrived whole, handed to a {@link Flow.Subscriber} as one buffer: how a client
 * whose wire frames responses whole (teleport) offers the streaming shape of {@code Client.sendStreaming}.
 * The buffer goes out on the first positive demand, from whichever thread asked; whoever takes it first
 * (that demand, a cancel, or a refused demand) owns it, so it is delivered or released exactly once.
 */
public final class WholeBody implements Flow.Subscription {
    private static final VarHandle BUF;

    static {
        try {
            BUF = MethodHandles.lookup().findVarHandle(WholeBody.class, "buf", ByteBuf.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Flow.Subscriber<? super ByteBuf> subscriber;
    @SuppressWarnings("unused") // through BUF
    private volatile ByteBuf buf;

    private WholeBody(ByteBuf buf, Flow.Subscriber<? super ByteBuf> subscriber) {
        this.buf = buf;
        this.subscriber = subscriber;
    }

    /** Moves the body out of {@code r}, which is left with an empty one (its close then frees nothing). */
    public static ByteBuf take(ClientResponse r) {
        if (r instanceof DecodedResponse d) {
            ByteBuf b = d.body;
            d.body = Unpooled.EMPTY_BUFFER;
            return b;
        }
        // another kind of response: keep it usable for the caller, hand out a copy of the bytes
        return Unpooled.wrappedBuffer(r.bytes());
    }

    /** Subscribes {@code subscriber} to {@code body}, which it now owns. */
    public static void deliver(ByteBuf body, Flow.Subscriber<? super ByteBuf> subscriber) {
        subscriber.onSubscribe(new WholeBody(body, subscriber));
    }

    @Override
    public void request(long n) {
        ByteBuf b = (ByteBuf) BUF.getAndSet(this, (ByteBuf) null);
        if (b == null) {
            return;
        }
        if (n <= 0) {
            b.release();
            subscriber.onError(new IllegalArgumentException("request(n) needs n > 0, got " + n));
            return;
        }
        if (b.isReadable()) {
            subscriber.onNext(b);
        } else {
            b.release();
        }
        subscriber.onComplete();
    }

    @Override
    public void cancel() {
        ByteBuf b = (ByteBuf) BUF.getAndSet(this, (ByteBuf) null);
        if (b != null) {
            b.release();
        }
    }
}
