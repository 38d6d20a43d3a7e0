package dev.pronto.client.http.internal.teleport;

import dev.pronto.client.http.internal.DecodedResponse;
import dev.pronto.client.http.internal.HeadParser;
import dev.pronto.wire.ChunkedDecoder;
import dev.pronto.wire.HeadScanner;
import dev.pronto.wire.TeleportInbound;
import dev.pronto.wire.TeleportWire;
import io.netty.buffer.ByteBuf;

/**
 * Frames teleport responses on the client: a 4-byte little-endian id, then an HTTP/1.1 response
 * framed by Content-Length or chunked (what fasthttp accepts), parsed with the same scanner,
 * grammar and chunked decoder as the HTTP client. A response whose call is gone (timed out) is
 * parsed into a scratch response and dropped, so the stream stays in step. Any framing error or
 * a response without framing fails the whole connection: after it no id can be trusted.
 */
final class TeleportReader {
    private static final int ID = 0;
    private static final int HEAD = 1;
    private static final int FIXED = 2;
    private static final int CHUNKED = 3;
    private static final int FAILED = 4;

    private final TeleportLink link;
    private final HeadScanner scanner;
    private final HeadParser parser = new HeadParser();
    private final ChunkedDecoder chunked;
    private final int maxHeaderSize;
    private final int maxResponseSize;
    private final DecodedResponse scratch = DecodedResponse.pooled();
    private final TeleportInbound in;
    private int state = ID;
    private int scanned;
    private TeleportCall call;
    private DecodedResponse resp;
    private long length;

    TeleportReader(TeleportLink link, TeleportInbound in, int maxHeaderSize, int maxResponseSize) {
        this.link = link;
        this.in = in;
        this.maxHeaderSize = maxHeaderSize;
        this.maxResponseSize = maxResponseSize;
        this.scanner = new HeadScanner(maxHeaderSize, maxHeaderSize);
        this.chunked = new ChunkedDecoder(maxResponseSize, maxHeaderSize);
    }

    /** Frames and delivers every complete response buffered. */
    void decode() {
        while (state != FAILED) {
            ByteBuf buf = in.plain();
            if ((buf == null || !step(buf)) && !inflate()) {
                break;
            }
        }
        in.compact(state == ID);
    }

    boolean midResponse() {
        return state != ID || in.buffered();
    }

    private boolean inflate() {
        try {
            return state != FAILED && in.inflate();
        } catch (java.util.zip.DataFormatException corrupt) {
            return fail("corrupt deflate stream from the server: " + corrupt.getMessage());
        }
    }

    private boolean step(ByteBuf buf) {
        return switch (state) {
            case ID -> readId(buf);
            case HEAD -> buf.isReadable() && readHead(buf);
            case FIXED -> readFixed(buf);
            case CHUNKED -> readChunked(buf);
            default -> false;
        };
    }

    private boolean readId(ByteBuf buf) {
        if (buf.readableBytes() < TeleportWire.ID_LENGTH) {
            return false;
        }
        int id = buf.readIntLE();
        call = link.claim(id);
        resp = call == null ? scratch : call.detached ? DecodedResponse.detached() : link.pooledResponse();
        resp.reset();
        state = HEAD;
        scanned = 0;
        return true;
    }

    private boolean readHead(ByteBuf buf) {
        int start = buf.readerIndex();
        int limit = Math.min(buf.readableBytes(), maxHeaderSize);
        if (scanned == 0) {
            scanner.reset();
        }
        int lf = scanned < limit ? buf.forEachByte(start + scanned, limit - scanned, scanner) : -1;
        if (lf < 0) {
            scanned = limit;
            return limit == maxHeaderSize && fail("response head exceeds maxHeaderSize=" + maxHeaderSize);
        }
        if (scanner.result() != HeadScanner.FOUND) {
            return fail("malformed response head (scanner result " + scanner.result() + ")");
        }
        int from = start + scanner.leading();
        int len = lf + 1 - from;
        resp.copyHead(buf, from, len);
        buf.readerIndex(lf + 1);
        String error = parser.parse(resp);
        return error != null ? fail(error) : startBody();
    }

    private boolean startBody() {
        if (call != null && call.bodiless(resp.status()) || call == null && resp.status() < 200) {
            return delivered();
        }
        if (parser.chunked()) {
            chunked.reset();
            resp.body(link.alloc().ioBuffer(256));
            state = CHUNKED;
            return true;
        }
        length = parser.contentLength();
        if (length < 0) {
            return fail("response without Content-Length or chunked framing: teleport cannot delimit it");
        }
        if (length > maxResponseSize) {
            return fail("response body of " + length + " bytes exceeds maxResponseSize=" + maxResponseSize);
        }
        state = FIXED;
        return length == 0 ? delivered() : true;
    }

    private boolean readFixed(ByteBuf buf) {
        if (buf.readableBytes() < length) {
            in.reserve((int) (length - buf.readableBytes()));
            return false;
        }
        resp.body(buf.retainedSlice(buf.readerIndex(), (int) length));
        buf.skipBytes((int) length);
        return delivered();
    }

    private boolean readChunked(ByteBuf buf) {
        int r = chunked.decode(buf, resp.body());
        if (r == ChunkedDecoder.MORE) {
            return false;
        }
        return r == ChunkedDecoder.ERROR ? fail("malformed chunked response body") : delivered();
    }

    private boolean delivered() {
        state = ID;
        TeleportCall c = call;
        DecodedResponse r = resp;
        call = null;
        resp = null;
        if (c == null) {
            r.release();
        } else {
            link.respond(c, r);
        }
        return true;
    }

    private boolean fail(String why) {
        state = FAILED;
        if (resp != null && resp != scratch && (call == null || !call.detached)) {
            resp.release();
        }
        TeleportCall c = call;
        call = null;
        resp = null;
        link.malformed(c, why);
        return false;
    }

    /** Frees the buffered input and a response being read. */
    void release() {
        state = FAILED;
        if (resp != null) {
            resp.release();
            resp = null;
        }
        scratch.release();
        in.release();
    }
}
