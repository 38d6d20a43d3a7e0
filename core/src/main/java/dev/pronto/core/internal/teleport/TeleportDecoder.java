package dev.pronto.core.internal.teleport;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.exchange.Dispatch;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.HeadParser;
import dev.pronto.core.internal.exchange.RequestHead;
import dev.pronto.core.internal.exchange.StreamingBody;
import dev.pronto.wire.ChunkedDecoder;
import dev.pronto.wire.HeadFramer;
import dev.pronto.wire.TeleportInbound;
import dev.pronto.wire.TeleportWire;
import io.netty.buffer.ByteBuf;
import java.util.zip.DataFormatException;

/**
 * Frames teleport requests out of the inbound stream: a 4-byte little-endian id, then an HTTP/1.1
 * request parsed with the same scanner, parser and chunked decoder as HTTP/1.1 connections. With
 * flate, compressed input is kept as it arrives and inflated only as far as the next message
 * needs, at most 64 KiB at a time, so a deflate bomb costs what one message may hold, never what
 * it expands to, and a paused connection stops inflating. The body of a streaming route goes to
 * its consumer as it arrives ({@link TeleportStream}); a buffered one is gathered within the loop's
 * budget ({@link TeleportBuffered}). After a framing error it stops for good.
 */
final class TeleportDecoder {
    private static final int ID = 0;
    private static final int HEAD = 1;
    private static final int FIXED = 2;
    private static final int CHUNKED = 3;
    private static final int STREAM = 4;
    private static final int STOPPED = 5;
    /** Inflate steps (64 KiB each) one decode may take before the connection yields the loop to others. */
    private static final int STEPS_PER_TURN = 16;

    private final TeleportConnection conn;
    private final HeadFramer framer;
    private final HeadParser parser = new HeadParser(ServerConfig.DEFAULT_MAX_HEADER_COUNT);
    private final ChunkedDecoder chunked;
    private final long maxBody;
    private final TeleportInbound in;
    private final TeleportStream stream;
    private final TeleportBuffered buffered;
    private boolean decoding;
    /** The plain bytes being framed: {@link TeleportInbound#plain()} as of the current step. */
    private ByteBuf cum;
    private int phase = ID;
    private int id;
    private Exchange current;
    /** When the id and head of the message in progress began arriving (0: none), for the header timeout. */
    long headStartNanos;
    /** When its body began arriving (reading clock), and the bytes read since: for the body timeouts. */
    long bodyStartNanos;
    long bodyBytes;

    TeleportDecoder(TeleportConnection conn, ServerConfig config, boolean flate) {
        this.conn = conn;
        this.framer = new HeadFramer(config.maxRequestLineLength(), config.maxHeaderSize());
        this.chunked = new ChunkedDecoder(config.maxBodySize(), config.maxHeaderSize());
        this.maxBody = config.maxBodySize();
        this.in = new TeleportInbound(conn.alloc(), flate ? TeleportWire.FLATE : TeleportWire.NONE);
        // one body at a time: the streamed and the buffered share the chunked decoder
        this.stream = new TeleportStream(conn.alloc(), chunked);
        this.buffered = new TeleportBuffered(conn, chunked);
    }

    /** Appends a read (compressed or not, as the client declared); ownership of {@code buf} moves here. */
    void offer(ByteBuf buf) {
        if (phase == STOPPED) {
            buf.release();
        } else {
            if (inBody()) {
                bodyBytes += buf.readableBytes();
            }
            in.offer(buf);
        }
    }

    /** Whether the body of a message is arriving (buffered or streamed to its route). */
    boolean inBody() {
        return phase == FIXED || phase == CHUNKED || phase == STREAM;
    }

    /** Whether the body arriving is held to {@code minBodyRate} (a message stream's is not). */
    boolean ratedBody() {
        return phase != STREAM || stream.rated();
    }

    /** Whether part of a message has arrived and the rest has not. */
    boolean partial() {
        return phase != ID || in.buffered();
    }

    /** Frames and hands over every complete request buffered, until input runs out or reading pauses. */
    void decode() {
        if (decoding) {
            // resumed from inside a step (a consumer or an answer on this turn): the running loop goes on
            return;
        }
        decoding = true;
        int steps = 0;
        try {
            while (phase != STOPPED && !conn.readPaused()) {
                if (step()) {
                    continue;
                }
                if (phase == STOPPED || conn.readPaused()) {
                    break;
                }
                if (++steps > STEPS_PER_TURN && in.compressedLeft()) {
                    // a small read inflating to a large body would otherwise hold the loop for all of it
                    conn.pauses().yieldTurn();
                    break;
                }
                if (!inflate()) {
                    break;
                }
            }
        } finally {
            decoding = false;
        }
        if (headStartNanos == 0 && (phase == ID || phase == HEAD) && partial()) {
            headStartNanos = conn.lastActivity();
        }
    }

    /** Whether only {@code s} can hold reading paused for its consumer: it is received now, or none is. */
    boolean pausedOnlyBy(StreamingBody s) {
        return stream.receiving(s) || !stream.receiving();
    }

    private boolean step() {
        cum = in.plain();
        if (cum == null) {
            return false;
        }
        return switch (phase) {
            case ID -> readId();
            case HEAD -> cum.isReadable() && head();
            case FIXED -> fixedBody();
            case CHUNKED -> chunkedBody();
            case STREAM -> streamed();
            default -> false;
        };
    }

    private boolean readId() {
        if (cum.readableBytes() < TeleportWire.ID_LENGTH) {
            return false;
        }
        id = cum.readIntLE();
        phase = HEAD;
        return true;
    }

    private boolean head() {
        int found = framer.find(cum);
        if (found == HeadFramer.MORE) {
            return false;
        }
        return found == HeadFramer.FAILED ? fail(null, framer.errorStatus(), framer.errorMessage())
                : parsed(framer.headStart(), found);
    }

    private boolean parsed(int from, int lf) {
        int length = lf + 1 - from;
        Exchange e = conn.obtain();
        e.open();
        TeleportSlot.of(e).id = id;
        RequestHead h = e.head;
        h.load(cum, from, length);
        cum.readerIndex(lf + 1);
        if (!parser.parse(h)) {
            return fail(e, h.errorStatus, h.errorMessage);
        }
        current = e;
        headStartNanos = 0;
        bodyStartNanos = conn.readingTime(conn.lastActivity());
        bodyBytes = cum.readableBytes();
        if (!h.chunked && h.contentLength > maxBody) {
            return fail(e, 413, "Request body exceeds the limit of " + maxBody + " bytes (maxBodySize)");
        }
        if (!h.chunked && h.contentLength <= 0) {
            return accepted();
        }
        if (Dispatch.routeStreams(e)) {
            current = null;
            phase = STREAM;
            conn.accept(e, 0, stream.start(e));
            return true;
        }
        if (h.chunked) {
            chunked.reset();
        }
        buffered.start();
        phase = h.chunked ? CHUNKED : FIXED;
        return true;
    }

    private boolean streamed() {
        int r = stream.feed(cum);
        if (r == ChunkedDecoder.MORE) {
            return false;
        }
        if (r == ChunkedDecoder.ERROR) {
            conn.closeWhenAnswered();
            return false;
        }
        phase = ID;
        return true;
    }

    private boolean fixedBody() {
        return buffered.fixed(current, in, cum) == ChunkedDecoder.DONE && accepted();
    }

    private boolean chunkedBody() {
        int r = buffered.chunked(current, cum);
        if (r == ChunkedDecoder.MORE) {
            return false;
        }
        if (r == ChunkedDecoder.ERROR) {
            return fail(current, chunked.errorStatus, chunked.errorMessage);
        }
        return accepted();
    }

    private boolean accepted() {
        Exchange e = current;
        current = null;
        phase = ID;
        conn.accept(e, buffered.handOver(), null);
        return true;
    }

    /** A message that cannot be framed: answer it (when its id is known) and stop reading for good. */
    private boolean fail(Exchange e, int status, String message) {
        current = null;
        buffered.giveBack();
        Exchange answer = e != null ? e : conn.obtain();
        if (e == null) {
            answer.open();
            TeleportSlot.of(answer).id = id;
        }
        stop();
        conn.failFraming(answer, status, message);
        return false;
    }

    /** Inflates more plain bytes; false when nothing more can be had now. */
    private boolean inflate() {
        try {
            return in.inflate();
        } catch (DataFormatException corrupt) {
            stop();
            conn.hostile("corrupt deflate stream: " + corrupt.getMessage());
            return false;
        }
    }

    /** Stops decoding for good and drops buffered input. */
    void stop() {
        phase = STOPPED;
        release();
    }

    /** Frees the buffers, the inflater and a half-received request. Idempotent. */
    void release() {
        phase = STOPPED;
        in.release();
        buffered.giveBack();
        stream.fail(new java.nio.channels.ClosedChannelException());
        if (current != null) {
            current.recycle();
            current = null;
        }
    }

    /** Frees the consumed prefix of the read buffer, or all of it once consumed. */
    void compact() {
        in.compact(phase == ID);
    }
}
