package dev.pronto.client.http.internal.http1;

import dev.pronto.client.http.MalformedResponseException;
import dev.pronto.client.http.ResponseTooLargeException;
import dev.pronto.client.http.internal.DecodedResponse;
import dev.pronto.client.http.internal.Exchange;
import dev.pronto.client.http.internal.HeadParser;
import dev.pronto.wire.ChunkedDecoder;
import dev.pronto.wire.HeadScanner;
import io.netty.buffer.ByteBuf;

/**
 * HTTP/1.1 response decoder for one connection: a state machine over the connection's cumulation
 * buffer that frames each response (Content-Length, chunked, or until close) and reports to the
 * connection. Heads are found and chunked bodies decoded by the server's own {@link HeadScanner}
 * and {@link ChunkedDecoder}, so both sides apply one grammar. It never throws for wire errors;
 * it reports them and stops.
 */
final class ResponseDecoder {
    private static final int HEAD = 0;
    private static final int FIXED = 1;
    private static final int CHUNKED = 2;
    private static final int UNTIL_CLOSE = 3;
    private static final int FAILED = 4;

    private final PooledConnection conn;
    private final HeadScanner scanner;
    private final HeadParser parser = new HeadParser();
    private final ChunkedDecoder chunked;
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
        this.scanner = new HeadScanner(maxHeaderSize, maxHeaderSize);
        this.chunked = new ChunkedDecoder(Long.MAX_VALUE, maxHeaderSize);
    }

    /** Decodes as many responses as {@code in} holds; stops when it needs more bytes or demand. */
    void decode(ByteBuf in) {
        // Hot loop: each state consumes what it can and says whether another step may progress.
        boolean progress = true;
        while (progress && in.isReadable() && !conn.closing()) {
            progress = switch (state) {
                case HEAD -> readHead(in);
                case FIXED -> readFixed(in);
                case CHUNKED -> readChunked(in);
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
        int start = in.readerIndex();
        int limit = Math.min(in.readableBytes(), maxHeaderSize);
        if (scanned == 0) {
            scanner.reset();
        }
        int lf = scanned < limit ? in.forEachByte(start + scanned, limit - scanned, scanner) : -1;
        if (lf < 0) {
            scanned = limit;
            return limit == maxHeaderSize && tooLarge("response head exceeds maxHeaderSize=" + maxHeaderSize);
        }
        return switch (scanner.result()) {
            case HeadScanner.FOUND -> parseHead(x, in, lf);
            case HeadScanner.LINE_TOO_LONG, HeadScanner.FIELDS_TOO_LARGE ->
                    tooLarge("response head exceeds maxHeaderSize=" + maxHeaderSize);
            case HeadScanner.BARE_CR -> malformed("CR not followed by LF in the response head");
            case HeadScanner.BARE_LF -> malformed("response head line ended by a bare LF; lines must end with CRLF");
            default -> malformed("control character in the status line");
        };
    }

    private boolean parseHead(Exchange x, ByteBuf in, int lf) {
        int from = in.readerIndex() + scanner.leading();
        int len = lf + 1 - from;
        scanned = 0;
        resp = x.newResponse();
        resp.reset();
        resp.copyHead(in, from, len);
        in.readerIndex(lf + 1);
        String error = parser.parse(resp);
        return error != null ? malformed(error) : startBody(x);
    }

    private boolean startBody(Exchange x) {
        int s = resp.status();
        if (s >= 100 && s < 200 && s != 101) {
            return true;
        }
        keepAlive = parser.keepAlive() && s != 101;
        streaming = x.bodySubscriber() != null;
        total = 0;
        if (streaming) {
            conn.onStreamHead(resp);
        }
        if (s < 200 || s == 204 || s == 304 || x.request().method().equals("HEAD")) {
            finish();
        } else if (parser.chunked()) {
            chunked.reset();
            state = CHUNKED;
        } else if (parser.contentLength() >= 0) {
            if (!streaming && parser.contentLength() > maxResponseSize) {
                return tooLarge("response body of " + parser.contentLength() + " bytes exceeds maxResponseSize="
                        + maxResponseSize);
            }
            remaining = parser.contentLength();
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
            resp.body(in.readRetainedSlice((int) remaining));
            remaining = 0;
        }
        if (remaining == 0) {
            finish();
        }
        return true;
    }

    private boolean readChunked(ByteBuf in) {
        int r = chunked.next(in);
        if (r == ChunkedDecoder.ERROR) {
            return chunked.errorStatus() == 431 ? tooLarge(chunked.errorMessage()) : malformed(chunked.errorMessage());
        }
        if (!streaming && chunked.total() > maxResponseSize) {
            return tooLarge("chunked response body exceeds maxResponseSize=" + maxResponseSize);
        }
        if (r == ChunkedDecoder.DONE) {
            finish();
            return true;
        }
        if (r == ChunkedDecoder.MORE) {
            return false;
        }
        int n = chunked.available(in);
        if (streaming) {
            if (!conn.streamDemand()) {
                return false;
            }
            conn.onStreamPart(in.readRetainedSlice(n));
        } else {
            if (acc == null) {
                acc = conn.alloc().buffer(Math.min(n, 1 << 16));
            }
            acc.writeBytes(in, n);
        }
        chunked.consumed(n);
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
            r.body(acc);
            acc = null;
        }
        if (streaming) {
            conn.onStreamEnd();
        } else {
            conn.onResponse(r);
        }
    }

    private boolean malformed(String message) {
        fail();
        conn.onDecodeError(new MalformedResponseException("malformed response from " + conn.origin() + ": " + message));
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
