package dev.pronto.core.internal;

import dev.pronto.core.ServerConfig;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Frames teleport requests out of the inbound stream: a 4-byte little-endian id, then an HTTP/1.1
 * request parsed with the same scanner, parser and chunked decoder as HTTP/1.1 connections. With
 * flate, compressed input is kept as it arrives and inflated only as far as the next message
 * needs, at most 64 KiB at a time, so a deflate bomb costs what one message may hold, never what
 * it expands to, and a paused connection stops inflating. After a framing error it stops for good.
 */
final class TeleportDecoder {
    private static final int ID = 0;
    private static final int HEAD = 1;
    private static final int FIXED = 2;
    private static final int CHUNKED = 3;
    private static final int STOPPED = 4;
    private static final int INFLATE_STEP = 64 * 1024;

    private final TeleportConnection conn;
    private final HeadScanner scanner;
    private final HeadParser parser = new HeadParser(ServerConfig.DEFAULT_MAX_HEADER_COUNT);
    private final ChunkedDecoder chunked;
    private final int maxHead;
    private final long maxBody;
    /** Null unless the client writes flate. */
    private final Inflater inflater;
    /** Plain bytes: read as they are, or inflated. */
    private ByteBuf cum;
    /** Compressed bytes not yet inflated (flate only). */
    private ByteBuf zin;
    private int phase = ID;
    private int id;
    private int scanned;
    private Exchange current;

    TeleportDecoder(TeleportConnection conn, ServerConfig config, boolean flate) {
        this.conn = conn;
        this.scanner = new HeadScanner(config.maxRequestLineLength(), config.maxHeaderSize());
        this.chunked = new ChunkedDecoder(config.maxBodySize(), config.maxHeaderSize());
        this.maxHead = config.maxRequestLineLength() + config.maxHeaderSize() + 4;
        this.maxBody = config.maxBodySize();
        this.inflater = flate ? new Inflater(true) : null;
    }

    /** Appends a read (compressed or not, as the client declared); ownership of {@code buf} moves here. */
    void offer(ByteBuf buf) {
        if (phase == STOPPED) {
            buf.release();
        } else if (inflater != null) {
            zin = zin == null ? buf : Cumulation.append(conn.alloc(), zin, buf);
        } else {
            cum = cum == null ? buf : Cumulation.append(conn.alloc(), cum, buf);
        }
    }

    /** Whether part of a message has arrived and the rest has not. */
    boolean partial() {
        return phase != ID || (cum != null && cum.isReadable()) || (zin != null && zin.isReadable());
    }

    /** Frames and hands over every complete request buffered, until input runs out or reading pauses. */
    void decode() {
        while (phase != STOPPED && !conn.readPaused()) {
            if (!step() && !inflate()) {
                break;
            }
        }
    }

    private boolean step() {
        if (cum == null) {
            return false;
        }
        return switch (phase) {
            case ID -> readId();
            case HEAD -> cum.isReadable() && head();
            case FIXED -> fixedBody();
            case CHUNKED -> chunkedBody();
            default -> false;
        };
    }

    private boolean readId() {
        if (cum.readableBytes() < TeleportWire.ID_LENGTH) {
            return false;
        }
        id = cum.readIntLE();
        phase = HEAD;
        scanned = 0;
        return true;
    }

    private boolean head() {
        int start = cum.readerIndex();
        int limit = Math.min(cum.readableBytes(), maxHead);
        if (scanned == 0) {
            scanner.reset();
        }
        int found = scanned < limit ? cum.forEachByte(start + scanned, limit - scanned, scanner) : -1;
        if (found < 0) {
            scanned = limit;
            return limit == maxHead && fail(null, scanner.inStartLine() ? 414 : 431, scanner.inStartLine()
                    ? "Request line too long (maxRequestLineLength)" : "Request header fields too large (maxHeaderSize)");
        }
        return switch (scanner.result()) {
            case HeadScanner.FOUND -> parsed(start, found);
            case HeadScanner.LINE_TOO_LONG -> fail(null, 414, "Request line too long (maxRequestLineLength)");
            case HeadScanner.FIELDS_TOO_LARGE -> fail(null, 431, "Request header fields too large (maxHeaderSize)");
            case HeadScanner.BARE_CR -> fail(null, 400, "Malformed request: CR not followed by LF");
            case HeadScanner.BAD_START_LINE -> fail(null, 400, "Malformed request line: expected METHOD SP target SP HTTP/1.1");
            default -> fail(null, 400, "Malformed request: lines must end with CRLF");
        };
    }

    private boolean parsed(int start, int lf) {
        int from = start + scanner.leading();
        int length = lf + 1 - from;
        Exchange e = conn.obtain();
        e.open();
        e.teleportId = id;
        RequestHead h = e.head;
        h.reset(length);
        cum.getBytes(from, h.bytes, 0, length);
        h.length = length;
        cum.readerIndex(lf + 1);
        if (!parser.parse(h)) {
            return fail(e, h.errorStatus, h.errorMessage);
        }
        current = e;
        if (h.chunked) {
            phase = CHUNKED;
            chunked.reset();
            e.body = conn.alloc().ioBuffer(256);
            return true;
        }
        if (h.contentLength > maxBody) {
            return fail(e, 413, "Request body exceeds the limit of " + maxBody + " bytes (maxBodySize)");
        }
        if (h.contentLength > 0) {
            phase = FIXED;
            return true;
        }
        return accepted();
    }

    private boolean fixedBody() {
        int length = (int) current.head.contentLength;
        if (cum.readableBytes() < length) {
            int reserve = Math.min(length - cum.readableBytes(), INFLATE_STEP);
            if (inflater == null && cum.refCnt() == 1 && cum.maxWritableBytes() >= reserve) {
                // room for what is likely to arrive next, never the whole declared length
                cum.ensureWritable(reserve);
            }
            return false;
        }
        current.body = cum.retainedSlice(cum.readerIndex(), length);
        cum.skipBytes(length);
        return accepted();
    }

    private boolean chunkedBody() {
        int r = chunked.decode(cum, current.body);
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
        conn.accept(e);
        return true;
    }

    /** A message that cannot be framed: answer it (when its id is known) and stop reading for good. */
    private boolean fail(Exchange e, int status, String message) {
        current = null;
        Exchange answer = e != null ? e : conn.obtain();
        if (e == null) {
            answer.open();
            answer.teleportId = id;
        }
        stop();
        conn.failFraming(answer, status, message);
        return false;
    }

    /** Inflates up to {@link #INFLATE_STEP} more plain bytes; false when nothing more can be had now. */
    private boolean inflate() {
        if (inflater == null || zin == null || !zin.isReadable() || phase == STOPPED) {
            return false;
        }
        prepareOutput();
        ByteBuffer src = zin.nioBuffer(zin.readerIndex(), zin.readableBytes());
        int before = src.position();
        ByteBuffer dst = cum.nioBuffer(cum.writerIndex(), Math.min(cum.writableBytes(), INFLATE_STEP));
        int n;
        try {
            inflater.setInput(src);
            n = inflater.inflate(dst);
        } catch (DataFormatException corrupt) {
            conn.hostile("corrupt deflate stream: " + corrupt.getMessage());
            stop();
            return false;
        }
        zin.skipBytes(src.position() - before);
        cum.writerIndex(cum.writerIndex() + n);
        if (!zin.isReadable()) {
            zin.release();
            zin = null;
        }
        if (inflater.finished() || inflater.needsDictionary()) {
            // fastrpc never ends its stream: a final block or a preset dictionary is not teleport
            conn.hostile("deflate stream ended or asked for a dictionary");
            stop();
            return false;
        }
        return n > 0;
    }

    /** Makes {@link #cum} an exclusive buffer with room for one inflate step. */
    private void prepareOutput() {
        if (cum == null) {
            cum = conn.alloc().ioBuffer(INFLATE_STEP);
            return;
        }
        if (cum.refCnt() != 1) {
            // a body slice still shares it: move the unread rest to a buffer of our own
            ByteBuf copy = conn.alloc().ioBuffer(cum.readableBytes() + INFLATE_STEP);
            copy.writeBytes(cum, cum.readerIndex(), cum.readableBytes());
            cum.release();
            cum = copy;
            return;
        }
        if (cum.readerIndex() > 0 && cum.writableBytes() < INFLATE_STEP) {
            cum.discardSomeReadBytes();
        }
        cum.ensureWritable(INFLATE_STEP);
    }

    /** Stops decoding for good and drops buffered input. */
    void stop() {
        phase = STOPPED;
        release();
    }

    /** Frees the buffers, the inflater and a half-received request. Idempotent. */
    void release() {
        phase = STOPPED;
        if (cum != null) {
            cum.release();
            cum = null;
        }
        if (zin != null) {
            zin.release();
            zin = null;
        }
        if (current != null) {
            current.recycle();
            current = null;
        }
        if (inflater != null) {
            inflater.end();
        }
    }

    /** Frees the consumed prefix of the read buffer, or all of it once consumed. */
    void compact() {
        if (cum == null) {
            return;
        }
        if (!cum.isReadable()) {
            cum.release();
            cum = null;
        } else if (cum.refCnt() == 1 && cum.readerIndex() > 4096 && phase == ID) {
            cum.discardSomeReadBytes();
        }
    }
}
