package dev.pronto.proxy.internal;

import dev.pronto.core.BodyListener;
import dev.pronto.core.Request;
import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayDeque;
import java.util.concurrent.Flow;
import java.util.function.IntConsumer;

/**
 * A streamed request body on its way upstream: the server's {@link BodyListener} on one side, the
 * upstream client's {@link Flow.Publisher} on the other. A chunk goes on at once while the upstream
 * has demand; otherwise it is held and the client connection stops reading until demand returns,
 * so at most the chunks already decoded are ever held. The first event says whether there is a
 * body at all: {@code start} gets 1 when a chunk came first, 0 when the body ended empty, so a
 * bodiless request is forwarded without a streamed body. One subscriber. Every method moves
 * itself onto the server connection's event loop.
 */
final class UploadBody implements BodyListener, Flow.Publisher<ByteBuf>, Flow.Subscription {
    private final Request req;
    private final EventExecutor loop;
    private final IntConsumer start;
    private final ArrayDeque<ByteBuf> held = new ArrayDeque<>();
    private Flow.Subscriber<? super ByteBuf> subscriber;
    private long demand;
    private boolean started;
    private boolean ended;
    private boolean done;
    private boolean paused;
    private Throwable failure;

    UploadBody(Request req, EventExecutor loop, IntConsumer start) {
        this.req = req;
        this.loop = loop;
        this.start = start;
    }

    @Override
    public void onChunk(ByteBuf chunk) {
        if (done) {
            return;
        }
        held.add(chunk.retain());
        if (!started) {
            started = true;
            start.accept(1);
        }
        drain();
        if (demand == 0 && !done && !paused) {
            paused = true;
            req.pauseBody();
        }
    }

    @Override
    public void onEnd() {
        ended = true;
        if (!started) {
            started = true;
            start.accept(0);
            return;
        }
        drain();
    }

    @Override
    public void onError(Throwable cause) {
        failure = cause;
        if (subscriber != null && !done) {
            done = true;
            release();
            subscriber.onError(cause);
        }
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuf> s) {
        onLoop(() -> {
            if (subscriber != null) {
                s.onSubscribe(this);
                s.onError(new IllegalStateException("a streamed request body can be sent once"));
                return;
            }
            subscriber = s;
            s.onSubscribe(this);
            if (failure != null) {
                onError(failure);
            } else {
                drain();
            }
        });
    }

    @Override
    public void request(long n) {
        onLoop(() -> {
            demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
            drain();
            if (paused && demand > 0 && !done) {
                paused = false;
                resume();
            }
        });
    }

    @Override
    public void cancel() {
        onLoop(() -> {
            done = true;
            release();
            if (paused) {
                paused = false;
                resume();
            }
        });
    }

    private void drain() {
        while (subscriber != null && !done && demand > 0 && !held.isEmpty()) {
            demand--;
            subscriber.onNext(held.poll());
        }
        if (subscriber != null && !done && ended && held.isEmpty()) {
            done = true;
            subscriber.onComplete();
        }
    }

    private void resume() {
        try {
            req.resumeBody();
        } catch (IllegalStateException answered) {
            // the exchange is over (answered, or the client left): the server reads on by itself
        }
    }

    private void release() {
        for (ByteBuf b; (b = held.poll()) != null; ) {
            b.release();
        }
    }

    private void onLoop(Runnable task) {
        if (loop.inEventLoop()) {
            task.run();
        } else {
            loop.execute(task);
        }
    }
}
