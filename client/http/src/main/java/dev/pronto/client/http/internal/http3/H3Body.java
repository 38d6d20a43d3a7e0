package dev.pronto.client.http.internal.http3;

import dev.pronto.client.http.internal.ResponseStream;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.concurrent.Flow;

/**
 * A streamed HTTP/3 response body: parts read off the stream wait here until the subscriber asks for
 * them ({@link ResponseStream} counts the demand); while nothing is asked for, the stream is not read, so
 * its QUIC flow-control window is not returned and the server is held back. Event loop only.
 */
final class H3Body implements ResponseStream.Source {
    /** Where the parts come from: the request's stream. */
    interface Source {
        EventLoop eventLoop();

        /** Demand is left and nothing is held: read on. */
        void readMore();

        /** The subscriber cancelled, or broke the protocol: stop the stream. */
        void cancelBody();
    }

    private final Source source;
    private final ResponseStream stream;
    private final ArrayDeque<ByteBuf> held = new ArrayDeque<>(4);
    private boolean ended;

    H3Body(Source source, Flow.Subscriber<? super ByteBuf> subscriber) {
        this.source = source;
        this.stream = new ResponseStream(this, subscriber);
    }

    void start() {
        stream.start();
    }

    @Override
    public EventLoop eventLoop() {
        return source.eventLoop();
    }

    @Override
    public void resumeStream() {
        deliver();
    }

    @Override
    public void cancelStream() {
        releaseHeld();
        source.cancelBody();
    }

    /** A part of the body, owned here now. */
    void offer(ByteBuf part) {
        if (stream.done()) {
            part.release();
            return;
        }
        held.add(part);
        deliver();
    }

    /** The body ended; completes once what is held has been taken. */
    void end() {
        ended = true;
        deliver();
    }

    /** Whether the subscriber wants more than is held: the stream may be read. */
    boolean wantsMore() {
        return !stream.done() && !ended && stream.demand() > 0 && held.isEmpty();
    }

    private void deliver() {
        while (!stream.done() && stream.demand() > 0 && !held.isEmpty()) {
            stream.next(held.poll());
        }
        if (!stream.done() && ended && held.isEmpty()) {
            stream.complete();
        } else if (wantsMore()) {
            source.readMore();
        }
    }

    void fail(Throwable t) {
        releaseHeld();
        stream.fail(t);
    }

    private void releaseHeld() {
        ByteBuf b;
        while ((b = held.poll()) != null) {
            b.release();
        }
    }
}
