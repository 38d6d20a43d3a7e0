package dev.pronto.core.internal;

import dev.pronto.core.Handler;
import dev.pronto.router.RouteMatch;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;

/**
 * One request and its response on a connection, plus its place in the connection's response
 * queue. Reused for the next request when it completes synchronously; an exchange that goes async
 * stays in the queue with its own head bytes and retained body until its response is written.
 */
final class Exchange {
    final HttpConnection conn;
    final RequestHead head = new RequestHead();
    final AsciiView path = new AsciiView();
    final RouteMatch<Handler> match;
    final ServerRequest request;
    final ServerResponse response;

    /** The complete body, owned by this exchange (released on recycle); null when none. */
    ByteBuf body;

    /** The hooks and error handlers in force: the root scope, or the matched route's group. */
    Lifecycle life = Lifecycle.EMPTY;
    /** The handler chosen by routing (unwrapped from its scope). */
    dev.pronto.core.Handler handler;
    /** When dispatch began, if anything needs timing; else 0. */
    long startNanos;
    /** Bytes of the encoded response, -1 when streamed. */
    long bytesOut;
    /** Counted against {@code maxInFlight}. */
    boolean inFlight;
    /** Request attributes set by hooks and handlers; null until first set. */
    java.util.Map<String, Object> attributes;
    /** Result of the route lookup, null until routed. */
    dev.pronto.router.Outcome outcome;
    /** The body of a streaming route, fed by the decoder as it arrives; null otherwise. */
    StreamingBody stream;

    /** Written straight to the channel: nothing was queued ahead of it when it was dispatched. */
    boolean direct;
    boolean completed;
    boolean closeAfter;
    /** Encoded response parts waiting for their turn (ByteBuf or FileRegion). */
    Object out1;
    Object out2;
    /** Chunks of a streamed response produced while not at the head of the queue. */
    java.util.ArrayDeque<Object> held;
    Exchange next;

    Exchange(HttpConnection conn) {
        this.conn = conn;
        this.match = conn.server.routes().router().newMatch();
        this.request = new ServerRequest(this);
        this.response = new ServerResponse(this);
    }

    void recycle() {
        if (body != null) {
            body.release();
            body = null;
        }
        release(out1);
        release(out2);
        out1 = null;
        out2 = null;
        if (held != null) {
            held.forEach(Exchange::release);
            held.clear();
        }
        if (stream != null) {
            stream.abandon();
            stream = null;
        }
        outcome = null;
        life = Lifecycle.EMPTY;
        handler = null;
        startNanos = 0;
        bytesOut = 0;
        attributes = null;
        direct = false;
        completed = false;
        closeAfter = false;
        next = null;
        response.clear();
        request.clear();
    }

    private static void release(Object o) {
        if (o instanceof ByteBuf b) {
            b.release();
        } else if (o != null) {
            ReferenceCountUtil.release(o);
        }
    }
}
