package dev.pronto.client.http.internal;

import dev.pronto.client.http.MalformedResponseException;
import dev.pronto.client.http.ResponseTooLargeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * HTTP/1.1 response decoder for one connection: a state machine over the connection's cumulation
 * buffer that frames each response (Content-Length, chunked, or until close) and reports to the
 * connection. It never throws for wire errors; it reports them and stops.
 */
final class ResponseDecoder {
    private static final int HEAD = 0;
    private static final int FIXED = 1;
    private static final int CHUNK_SIZE = 2;
    private static final int CHUNK_DATA = 3;
    private static final int CHUNK_END = 4;
    private static final int TRAILER = 5;
    private static final int UNTIL_CLOSE = 6;
    private static final int FAILED = 7;
    private static final int MAX_CHUNK_LINE = 4096;

    private final PooledConnection conn;
    private final HeadParser parser = new HeadParser();
    private final int maxHeaderSize;
    private final int maxResponseSize;
    private int state = HEAD;
    private int scanned;
    private DecodedResponse resp;
    private boolean streaming;
    private boolean keepAlive;
    private long remaining;
    private long total;
    private ByteBuf acc;

    ResponseDecoder(PooledConnection conn, int maxHeaderSize, int maxResponseSize) {
        this.conn = conn;
        this.maxHeaderSize = maxHeaderSize;
        this.maxResponseSize = maxResponseSize;
    }

    /** Decodes as many responses as {@code in} holds; stops when it needs more bytes or demand. */
    void decode(ByteBuf in) {
        // Hot loop: each state consumes what it can and says whether another step may progress.
        boolean progress = true;
        while (progress && in.isReadable() && !conn.closing()) {
            progress = switch (state) {
                case HEAD -> readHead(in);
                case FIXED -> readFixed(in);
                case CHUNK_SIZE -> readChunkSize(in);
                case CHUNK_DATA -> readChunkData(in);
                case CHUNK_END -> readChunkEnd(in);
                case TRAILER -> readTrailer(in);
                case UNTIL_CLOSE -> readUntilClose(in);
                default -> {
                    in.skipBytes(in.readableBytes());
                    yield false;
                }
            };
        }
    }

    /** The connection closed: completes a body framed by the close; false if a response was cut. */
    boolean closed() {
        if (state == UNTIL_CLOSE) {
            finish();
            return true;
        }
        boolean idle = state == HEAD && scanned == 0;
        fail();
        return idle;
    }

    /** Whether the connection may carry more requests after the response just finished. */
    boolean keepAlive() {
        return keepAlive;
    }

    /** Whether a response is partly received (its head at least). */
    boolean midResponse() {
        return state != HEAD && state != FAILED;
    }

    private boolean readHead(ByteBuf in) {
        Exchange x = conn.head();
        if (x == null) {
            return malformed("response bytes arrived with no request in flight");
        }
        int end = headEnd(in);
        if (end < 0) {
            return scanned > maxHeaderSize && tooLarge("response head exceeds maxHeaderSize=" + maxHeaderSize);
        }
        int len = end - in.readerIndex();
        if (len > maxHeaderSize) {
            return tooLarge("response head of " + len + " bytes exceeds maxHeaderSize=" + maxHeaderSize);
        }
        scanned = 0;
        resp = x.newResponse();
        resp.reset();
        if (resp.head.length < len) {
            resp.head = new byte[Math.max(len, resp.head.length * 2)];
        }
        in.readBytes(resp.head, 0, len);
        resp.headLength = len;
        String error = parser.parse(resp);
        return error != null ? malformed(error) : startBody(x);
    }

    private boolean startBody(Exchange x) {
        int s = resp.status;
        if (s >= 100 && s < 200 && s != 101) {
            return true;
        }
        keepAlive = (parser.http10 ? parser.keepAlive : !parser.close) && s != 101;
        streaming = x.bodySubscriber != null;
        total = 0;
        if (streaming) {
            conn.onStreamHead(resp);
        }
        if (s < 200 || s == 204 || s == 304 || x.request.method().equals("HEAD")) {
            finish();
        } else if (parser.chunked) {
            state = CHUNK_SIZE;
        } else if (parser.contentLength >= 0 && !parser.otherTransferEncoding) {
            if (!streaming && parser.contentLength > maxResponseSize) {
                return tooLarge("response body of " + parser.contentLength + " bytes exceeds maxResponseSize="
                        + maxResponseSize);
            }
            remaining = parser.contentLength;
            state = FIXED;
            if (remaining == 0) {
                finish();
            }
        } else {
            keepAlive = false;
            state = UNTIL_CLOSE;
        }
        return true;
    }

    private boolean readFixed(ByteBuf in) {
        if (streaming) {
            if (!deliver(in, remaining)) {
                return false;
            }
        } else if (in.readableBytes() < remaining) {
            return false;
        } else {
            resp.body = in.readRetainedSlice((int) remaining);
            remaining = 0;
        }
        if (remaining == 0) {
            finish();
        }
        return true;
    }

    private boolean readChunkSize(ByteBuf in) {
        int lf = in.indexOf(in.readerIndex(), in.writerIndex(), (byte) '\n');
        if (lf < 0) {
            return in.readableBytes() > MAX_CHUNK_LINE && malformed("chunk size line longer than " + MAX_CHUNK_LINE);
        }
        long size = 0;
        int digits = 0;
        for (int i = in.readerIndex(); i < lf; i++, digits++) {
            int d = Character.digit(in.getByte(i), 16);
            if (d < 0) {
                break;
            }
            size = size * 16 + d;
            if (size > Integer.MAX_VALUE) {
                return malformed("chunk size too large");
            }
        }
        if (digits == 0) {
            return malformed("invalid chunk size line \"" + in.toString(in.readerIndex(),
                    Math.min(lf - in.readerIndex(), 40), java.nio.charset.StandardCharsets.ISO_8859_1) + "\"");
        }
        in.readerIndex(lf + 1);
        total += size;
        if (!streaming && total > maxResponseSize) {
            return tooLarge("chunked response body exceeds maxResponseSize=" + maxResponseSize);
        }
        remaining = size;
        state = size == 0 ? TRAILER : CHUNK_DATA;
        return true;
    }

    private boolean readChunkData(ByteBuf in) {
        if (streaming) {
            if (!deliver(in, remaining)) {
                return false;
            }
        } else {
            int n = (int) Math.min(in.readableBytes(), remaining);
            if (acc == null) {
                acc = conn.alloc().buffer((int) Math.min(remaining, 1 << 16));
            }
            acc.writeBytes(in, n);
            remaining -= n;
        }
        if (remaining == 0) {
            state = CHUNK_END;
        }
        return true;
    }

    private boolean readChunkEnd(ByteBuf in) {
        int ri = in.readerIndex();
        byte b = in.getByte(ri);
        if (b == '\n') {
            in.skipBytes(1);
        } else if (b != '\r') {
            return malformed("missing CRLF after chunk data");
        } else if (in.readableBytes() < 2) {
            return false;
        } else if (in.getByte(ri + 1) != '\n') {
            return malformed("missing CRLF after chunk data");
        } else {
            in.skipBytes(2);
        }
        state = CHUNK_SIZE;
        return true;
    }

    private boolean readTrailer(ByteBuf in) {
        int ri = in.readerIndex();
        int lf = in.indexOf(ri, in.writerIndex(), (byte) '\n');
        if (lf < 0) {
            return in.readableBytes() > maxHeaderSize && tooLarge("trailer exceeds maxHeaderSize=" + maxHeaderSize);
        }
        boolean empty = lf == ri || lf == ri + 1 && in.getByte(ri) == '\r';
        in.readerIndex(lf + 1);
        if (empty) {
            finish();
        }
        return true;
    }

    private boolean readUntilClose(ByteBuf in) {
        if (streaming) {
            return deliver(in, Long.MAX_VALUE);
        }
        total += in.readableBytes();
        if (total > maxResponseSize) {
            return tooLarge("response body exceeds maxResponseSize=" + maxResponseSize);
        }
        if (acc == null) {
            acc = conn.alloc().buffer(in.readableBytes());
        }
        acc.writeBytes(in);
        return false;
    }

    /** Hands up to {@code max} readable bytes to the stream subscriber if it has demand. */
    private boolean deliver(ByteBuf in, long max) {
        int n = (int) Math.min(in.readableBytes(), max);
        if (n == 0 || !conn.streamDemand()) {
            return false;
        }
        remaining -= max == Long.MAX_VALUE ? 0 : n;
        conn.onStreamPart(in.readRetainedSlice(n));
        return true;
    }

    private void finish() {
        state = HEAD;
        DecodedResponse r = resp;
        resp = null;
        if (acc != null) {
            r.body = acc;
            acc = null;
        }
        if (streaming) {
            conn.onStreamEnd();
        } else {
            conn.onResponse(r);
        }
    }

    private int headEnd(ByteBuf in) {
        int ri = in.readerIndex();
        int end = in.writerIndex();
        int pos = ri + scanned;
        while (true) {
            int lf = in.indexOf(pos, end, (byte) '\n');
            if (lf < 0) {
                scanned = end - ri;
                return -1;
            }
            if (lf + 1 < end && in.getByte(lf + 1) == '\n') {
                return lf + 2;
            }
            if (lf + 2 >= end) {
                scanned = lf - ri;
                return -1;
            }
            if (in.getByte(lf + 1) == '\r' && in.getByte(lf + 2) == '\n') {
                return lf + 3;
            }
            pos = lf + 1;
        }
    }

    private boolean malformed(String message) {
        fail();
        conn.onDecodeError(new MalformedResponseException(message + " from " + conn.origin()));
        return false;
    }

    private boolean tooLarge(String message) {
        fail();
        conn.onDecodeError(new ResponseTooLargeException(message + " from " + conn.origin()));
        return false;
    }

    private void fail() {
        state = FAILED;
        if (acc != null) {
            acc.release();
            acc = null;
        }
        if (resp != null) {
            resp.release();
            resp = null;
        }
    }
}
