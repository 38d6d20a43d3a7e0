package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Cuts a request body streamed to its consumer into parts as it arrives, for every server protocol
 * that frames HTTP/1.1 bodies (HTTP/1.1, teleport): a Content-Length body as retained slices of the
 * inbound bytes (no copy), a chunked one decoded into buffers of at most 64 KiB. Event loop only;
 * one body at a time.
 *
 * <p>Public for Pronto's own modules only; not API, and may change at any time.
 */
public final class BodyParts {
    private static final int CHUNK = 64 * 1024;

    private final ChunkedDecoder chunked;
    private boolean isChunked;
    private long remaining;
    private ByteBuf part;

    /** Parts of bodies decoded (when chunked) with {@code chunked}, which the caller may share. */
    public BodyParts(ChunkedDecoder chunked) {
        this.chunked = chunked;
    }

    /** A body starts: chunked, or {@code contentLength} bytes. */
    public void start(boolean isChunked, long contentLength) {
        this.isChunked = isChunked;
        this.remaining = contentLength;
        if (isChunked) {
            chunked.reset();
        }
    }

    /**
     * Takes what {@code in} holds of the body: {@link ChunkedDecoder#MORE} (more to come),
     * {@code DONE} (the body ended) or {@code ERROR} (bad chunked framing: see the decoder's
     * {@code errorStatus}/{@code errorMessage}). What it cut off is then {@link #takePart()}'s.
     */
    public int next(ByteBuf in, ByteBufAllocator alloc) {
        part = null;
        if (!isChunked) {
            int n = (int) Math.min(remaining, in.readableBytes());
            if (n == 0) {
                return ChunkedDecoder.MORE;
            }
            part = in.retainedSlice(in.readerIndex(), n);
            in.skipBytes(n);
            remaining -= n;
            return remaining == 0 ? ChunkedDecoder.DONE : ChunkedDecoder.MORE;
        }
        if (!in.isReadable()) {
            return ChunkedDecoder.MORE;
        }
        ByteBuf out = alloc.ioBuffer(Math.min(Math.max(in.readableBytes(), 256), CHUNK));
        int r = chunked.decode(in, out);
        if (r == ChunkedDecoder.ERROR || !out.isReadable()) {
            out.release();
        } else {
            part = out;
        }
        return r;
    }

    /** The part the last {@link #next} cut off, or null; ownership moves to the caller. */
    public ByteBuf takePart() {
        ByteBuf p = part;
        part = null;
        return p;
    }
}
