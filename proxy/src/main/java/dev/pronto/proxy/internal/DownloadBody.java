package dev.pronto.proxy.internal;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.Response;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.Flow;

/**
 * A streamed upstream response body on its way to the client: each buffer the upstream client
 * delivers is written to the server's {@link BodyWriter}, and the next is asked for only when a
 * write has reached the socket, so at most {@link #WINDOW} buffers are between the two sockets
 * whatever the body's size. A body that ends without a byte is sent whole (with Content-Length 0)
 * rather than as an empty chunked stream. A failure after the first byte cannot be told in-band:
 * the client connection is closed (or its HTTP/2 stream reset) through {@link Response#fail}.
 * Callbacks arrive on the upstream connection's loop; the writer moves writes to the client's.
 */
final class DownloadBody implements Flow.Subscriber<ByteBuf> {
    /** Buffers written but not yet on the socket: two keep both sockets busy. */
    static final int WINDOW = 2;

    private final Response res;
    private final Runnable done;
    private Flow.Subscription subscription;
    private BodyWriter writer;
    private boolean finished;

    /** {@code done} runs once the body ended, failed or was cancelled. */
    DownloadBody(Response res, Runnable done) {
        this.res = res;
        this.done = done;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(WINDOW);
    }

    @Override
    public void onNext(ByteBuf buf) {
        if (finished) {
            buf.release();
            return;
        }
        if (writer == null) {
            try {
                writer = res.stream();
            } catch (IllegalStateException clientGone) {
                buf.release();
                subscription.cancel();
                finish();
                return;
            }
        }
        try {
            writer.write(buf).whenComplete((v, e) -> {
                if (e == null) {
                    subscription.request(1);
                } else {
                    // the client went away: stop reading the upstream's body
                    subscription.cancel();
                    finish();
                }
            });
        } catch (IllegalStateException ended) {
            // the writer released the buffer; the response is over (the client went away)
            subscription.cancel();
            finish();
        }
    }

    @Override
    public void onError(Throwable t) {
        if (finished) {
            return;
        }
        finish();
        if (writer == null) {
            res.status(502).send("Bad Gateway: the upstream's response body failed: " + t.getMessage());
        } else {
            res.fail(new IllegalStateException("upstream response body failed after "
                    + "the response started; closing the client connection", t));
        }
    }

    @Override
    public void onComplete() {
        if (finished) {
            return;
        }
        finish();
        if (writer == null) {
            res.send();
        } else {
            writer.end();
        }
    }

    private void finish() {
        if (!finished) {
            finished = true;
            done.run();
        }
    }
}
