package dev.pronto.core.internal.http1;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.exchange.Dispatch;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.HeadParser;
import dev.pronto.core.internal.exchange.RequestHead;
import dev.pronto.core.internal.exchange.StreamingBody;
import dev.pronto.wire.BodyParts;
import dev.pronto.wire.ChunkedDecoder;
import dev.pronto.wire.Cumulation;
import dev.pronto.wire.HeadFramer;
import io.netty.buffer.ByteBuf;

/**
 * Frames requests out of the connection's read buffer: finds each head, copies it once into its
 * exchange, parses it, collects the body (a retained slice of the read buffer for Content-Length,
 * a decoded buffer for chunked) and dispatches. After a framing error it stops for good: nothing
 * after a bad request is ever processed.
 */
final class RequestDecoder {
    private static final int HEAD = 0;
    private static final int FIXED = 1;
    private static final int CHUNKED = 2;
    private static final int STOPPED = 3;
    private static final int FIXED_STREAM = 4;
    private static final int CHUNKED_STREAM = 5;
    /** A 101 was answered: the bytes that follow belong to the new protocol and are kept, not parsed. */
    private static final int UPGRADED = 6;
    private static final int BODY_RESERVE = 64 * 1024;

    private final HttpConnection conn;
    private final HeadFramer framer;
    private final HeadParser parser;
    private final ChunkedDecoder chunked;
    private final BodyParts parts;
    private final long maxBody;
    private ByteBuf cum;
    private int phase = HEAD;
    private Exchange current;
    private StreamingBody streaming;
    private Exchange streamingExchange;
    private boolean closeWhenStreamEnds;
    long headStartNanos;
    /** When the current body began arriving (reading clock), and how many bytes arrived since (for minBodyRate). */
    long bodyStartNanos;
    long bodyBytes;

    RequestDecoder(HttpConnection conn, ServerConfig config) {
        this.conn = conn;
        this.framer = new HeadFramer(config.maxRequestLineLength(), config.maxHeaderSize());
        this.parser = new HeadParser(ServerConfig.DEFAULT_MAX_HEADER_COUNT);
        this.chunked = new ChunkedDecoder(config.maxBodySize(), config.maxHeaderSize());
        this.parts = new BodyParts(chunked);
        this.maxBody = config.maxBodySize();
    }

    /** Appends a read; ownership of {@code buf} moves here. */
    void offer(ByteBuf buf) {
        if (phase == STOPPED) {
            buf.release();
            return;
        }
        if (phase != HEAD) {
            bodyBytes += buf.readableBytes();
        }
        cum = cum == null ? buf : Cumulation.append(conn.alloc(), cum, buf);
    }

    /** Whether a request body is being read (or discarded). */
    boolean inBody() {
        return phase == FIXED || phase == CHUNKED || phase == FIXED_STREAM || phase == CHUNKED_STREAM;
    }

    /** The exchange whose body is being streamed, or null. */
    Exchange streamingExchange() {
        return streamingExchange;
    }

    private void beginBody() {
        bodyStartNanos = conn.readingTime(conn.clock.lastActivity());
        bodyBytes = cum.readableBytes();
    }

    boolean inRequest() {
        return phase == FIXED || phase == CHUNKED || phase == FIXED_STREAM || phase == CHUNKED_STREAM
                || (cum != null && cum.isReadable());
    }

    /** Decodes and dispatches every complete request buffered, until input runs out or reading pauses. */
    void decode() {
        while (cum != null && phase != STOPPED && phase != UPGRADED && !conn.closing() && !conn.gate.closed()) {
            boolean progressed = switch (phase) {
                case HEAD -> cum.isReadable() && head();
                case FIXED -> fixedBody();
                case FIXED_STREAM, CHUNKED_STREAM -> streamed();
                default -> chunkedBody();
            };
            if (!progressed) {
                break;
            }
        }
    }

    private boolean head() {
        int found = framer.find(cum);
        if (found == HeadFramer.MORE) {
            if (headStartNanos == 0) {
                headStartNanos = conn.clock.nanoTime();
            }
            return false;
        }
        return found == HeadFramer.FAILED ? fail(framer.errorStatus(), framer.errorMessage())
                : parsed(framer.headStart(), found);
    }

    private boolean parsed(int from, int lf) {
        headStartNanos = 0;
        int length = lf + 1 - from;
        Exchange e = conn.queue.obtain();
        e.open();
        e.received(conn.clock.lastActivity());
        RequestHead h = e.head;
        h.load(cum, from, length);
        cum.readerIndex(lf + 1);
        if (!parser.parse(h)) {
            conn.queue.discard(e);
            return fail(h.errorStatus, h.errorMessage);
        }
        current = e;
        if ((h.chunked || h.contentLength > 0) && Dispatch.routeStreams(e)) {
            return startStream(e);
        }
        if (h.chunked) {
            return startChunked(e);
        }
        if (h.contentLength > 0) {
            return startFixed(e);
        }
        return dispatch();
    }

    private boolean startFixed(Exchange e) {
        if (e.head.contentLength > maxBody) {
            current = null;
            conn.queue.discard(e);
            return fail(413, "Request body exceeds the limit of " + maxBody + " bytes (maxBodySize)");
        }
        phase = FIXED;
        beginBody();
        if (e.head.expectContinue && cum.readableBytes() < e.head.contentLength) {
            conn.writeContinue();
        }
        return true;
    }

    private boolean startChunked(Exchange e) {
        phase = CHUNKED;
        beginBody();
        chunked.reset();
        e.body(conn.alloc().ioBuffer(256));
        if (e.head.expectContinue && !cum.isReadable()) {
            conn.writeContinue();
        }
        return true;
    }

    private boolean startStream(Exchange e) {
        RequestHead h = e.head;
        current = null;
        if (!h.chunked && h.contentLength > maxBody) {
            conn.queue.discard(e);
            return fail(413, "Request body exceeds the limit of " + maxBody + " bytes (maxBodySize)");
        }
        streaming = new StreamingBody(e);
        streamingExchange = e;
        e.stream(streaming);
        parts.start(h.chunked, h.contentLength);
        phase = h.chunked ? CHUNKED_STREAM : FIXED_STREAM;
        beginBody();
        if (!h.keepAlive()) {
            e.closeAfterResponse();
        }
        if (h.expectContinue) {
            conn.writeContinue();
        }
        hand(e);
        return true;
    }

    /** Hands what has arrived of a streamed body to its consumer (a Content-Length one without copying). */
    private boolean streamed() {
        int r = parts.next(cum, conn.alloc());
        ByteBuf part = parts.takePart();
        StreamingBody s = streaming;
        if (r == ChunkedDecoder.ERROR) {
            Exchange e = streamingExchange;
            // the reader sees the status the client gets (a blocking one may answer first)
            s.fail(new dev.pronto.core.HttpException(chunked.errorStatus, chunked.errorMessage));
            conn.failStream(e, chunked.errorStatus, chunked.errorMessage);
            return false;
        }
        if (r == ChunkedDecoder.DONE) {
            endStream();
        }
        if (part != null) {
            s.offer(part);
        }
        if (r == ChunkedDecoder.DONE) {
            s.end();
        }
        return part != null || r == ChunkedDecoder.DONE;
    }

    private void endStream() {
        // the request is whole now: its response timeout counts from here
        streamingExchange.received(conn.clock.lastActivity());
        phase = streamingExchange.closeAfter() || closeWhenStreamEnds ? STOPPED : HEAD;
        streaming = null;
        streamingExchange = null;
        if (closeWhenStreamEnds) {
            conn.eventLoop().execute(conn::streamDrained);
        }
    }

    boolean streamingBody() {
        return phase == FIXED_STREAM || phase == CHUNKED_STREAM;
    }

    /** The response is out before the body ended: discard the rest, then let the connection close. */
    void discardRestThenClose() {
        closeWhenStreamEnds = true;
        streaming.abandon();
    }

    private boolean fixedBody() {
        int length = (int) current.head.contentLength;
        if (cum.readableBytes() < length) {
            // Reserve room for what is likely to arrive next, never for the whole declared length:
            // a Content-Length is a claim, and idle connections must not each hold their claim in memory.
            int reserve = Math.min(length - cum.readableBytes(), BODY_RESERVE);
            if (cum.writableBytes() < reserve && cum.refCnt() == 1) {
                cum.ensureWritable(reserve);
            }
            return false;
        }
        current.body(cum.retainedSlice(cum.readerIndex(), length));
        cum.skipBytes(length);
        return dispatch();
    }

    private boolean chunkedBody() {
        int r = chunked.decode(cum, current.body());
        if (r == ChunkedDecoder.MORE) {
            return false;
        }
        if (r == ChunkedDecoder.ERROR) {
            Exchange e = current;
            current = null;
            conn.queue.discard(e);
            return fail(chunked.errorStatus, chunked.errorMessage);
        }
        return dispatch();
    }

    private boolean dispatch() {
        Exchange e = current;
        current = null;
        phase = HEAD;
        e.received(conn.clock.lastActivity());
        if (!e.head.keepAlive()) {
            e.closeAfterResponse();
            phase = STOPPED;
        }
        hand(e);
        return true;
    }

    /**
     * Hands a decoded request on: only one that sent an {@code Upgrade} field goes through the connection (h2c may
     * take it over); every other goes straight to the response queue.
     */
    private void hand(Exchange e) {
        if (e.head.upgrade) {
            conn.dispatchUpgrade(e);
        } else {
            conn.queue.run(e);
        }
    }

    private boolean fail(int status, String message) {
        conn.failFraming(status, message);
        return false;
    }

    /** Stops parsing after an upgrade, keeping what arrives for the new protocol ({@link #takeRest}). */
    void upgraded() {
        phase = UPGRADED;
    }

    /** The bytes read after the upgraded request (ownership moves to the caller), or null. */
    io.netty.buffer.ByteBuf takeRest() {
        ByteBuf rest = cum;
        cum = null;
        if (rest != null && !rest.isReadable()) {
            rest.release();
            return null;
        }
        return rest;
    }

    /** Stops decoding for good and drops buffered input. */
    void stop() {
        phase = STOPPED;
        release();
    }

    void release() {
        if (cum != null) {
            cum.release();
            cum = null;
        }
        if (current != null) {
            current.recycle();
            current = null;
        }
        if (streaming != null) {
            streaming.fail(new java.nio.channels.ClosedChannelException());
            streaming = null;
            streamingExchange = null;
        }
    }

    /** Frees the read buffer once consumed, or its consumed prefix when it is large. */
    void compact() {
        if (cum == null) {
            return;
        }
        if (!cum.isReadable()) {
            cum.release();
            cum = null;
        } else if (cum.refCnt() == 1 && cum.readerIndex() > 4096 && phase == HEAD) {
            cum.discardSomeReadBytes();
        }
    }
}
