package dev.pronto.core.internal.teleport;

import dev.pronto.core.internal.exchange.Errors;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ExchangeState;
import dev.pronto.core.internal.exchange.StreamingBody;
import dev.pronto.wire.BodyParts;
import dev.pronto.wire.ChunkedDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The request body of a streaming route on a teleport connection, handed to its
 * {@link StreamingBody} part by part as it arrives (as HTTP/1.1 does), so an upload is never
 * gathered whole: a Content-Length body as slices of the inbound bytes, a chunked one decoded into
 * buffers of at most 64 KiB. The consumer's high mark pauses the connection's reading. Once the
 * exchange is answered the rest of the body is still read and dropped, so the messages after it
 * keep their framing. Event loop only; one body at a time.
 */
final class TeleportStream {
    private final ByteBufAllocator alloc;
    private final ChunkedDecoder chunked;
    private final BodyParts parts;
    private StreamingBody body;
    private Exchange exchange;

    TeleportStream(ByteBufAllocator alloc, ChunkedDecoder chunked) {
        this.alloc = alloc;
        this.chunked = chunked;
        this.parts = new BodyParts(chunked);
    }

    /** Starts streaming the body of {@code e} (its head parsed) into a new {@link StreamingBody}. */
    StreamingBody start(Exchange e) {
        body = new StreamingBody(e);
        exchange = e;
        parts.start(e.head.chunked, e.head.contentLength);
        return body;
    }

    /** Whether {@code s} is the body being received now. */
    boolean receiving(StreamingBody s) {
        return s != null && s == body;
    }

    /** Whether a body is being received now. */
    boolean receiving() {
        return body != null;
    }

    /** Whether the body being received (if any) is held to {@code minBodyRate}: not a message stream's. */
    boolean rated() {
        return body == null || exchange.match.value().rated();
    }

    /** Hands over what {@code cum} holds of the body: {@link ChunkedDecoder#MORE}, {@code DONE} or {@code ERROR}. */
    int feed(ByteBuf cum) {
        int r = parts.next(cum, alloc);
        if (r == ChunkedDecoder.ERROR) {
            StreamingBody s = body;
            fail(new dev.pronto.core.HttpException(chunked.errorStatus, chunked.errorMessage));
            // answer it unless its handler already did (its exchange may even serve another request by now)
            if (exchange.stream() == s && ExchangeState.open(exchange.state())) {
                Errors.answerByServer(exchange, chunked.errorStatus, chunked.errorMessage);
            }
            return r;
        }
        ByteBuf part = parts.takePart();
        StreamingBody s = body;
        if (r == ChunkedDecoder.DONE) {
            body = null;
            exchange = null;
        }
        if (part != null) {
            s.offer(part);
        }
        if (r == ChunkedDecoder.DONE) {
            s.end();
        }
        return r;
    }

    /** The body cannot complete (bad framing, closed connection): tells its consumer. Idempotent. */
    void fail(Throwable why) {
        StreamingBody s = body;
        body = null;
        exchange = null;
        if (s != null) {
            s.fail(why);
        }
    }
}
