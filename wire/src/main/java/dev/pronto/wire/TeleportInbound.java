package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The inbound byte stream of a teleport connection, for the server and the client: plain bytes
 * as they arrive, or, for flate, compressed bytes kept as they arrive and inflated only when the
 * reader asks, at most 64 KiB at a time. So a deflate bomb costs what one message may hold, never
 * what it expands to, and a paused reader stops inflating. (Snappy is decoded further up the
 * pipeline: its chunks are at most 64 KiB each.) Event loop only.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class TeleportInbound {
    private static final int STEP = 64 * 1024;

    private final ByteBufAllocator alloc;
    private final Inflater inflater;
    private ByteBuf plain;
    private ByteBuf compressed;

    /** A stream of plain bytes, or of raw DEFLATE when {@code compression} is {@link TeleportWire#FLATE}. */
    public TeleportInbound(ByteBufAllocator alloc, int compression) {
        this.alloc = alloc;
        this.inflater = compression == TeleportWire.FLATE ? new Inflater(true) : null;
    }

    /** Appends a read; ownership of {@code buf} moves here. */
    public void offer(ByteBuf buf) {
        if (inflater != null) {
            compressed = compressed == null ? buf : Cumulation.append(alloc, compressed, buf);
        } else {
            plain = plain == null ? buf : Cumulation.append(alloc, plain, buf);
        }
    }

    /** The plain bytes available (read from its reader index on), or null when none are buffered. */
    public ByteBuf plain() {
        return plain;
    }

    /** Whether compressed bytes wait to be inflated. */
    public boolean compressedLeft() {
        return compressed != null && compressed.isReadable();
    }

    /** Whether any byte, plain or compressed, waits to be read. */
    public boolean buffered() {
        return (plain != null && plain.isReadable()) || (compressed != null && compressed.isReadable());
    }

    /**
     * Inflates up to 64 KiB more into {@link #plain()}.
     *
     * @return false when nothing more can be had from what has arrived (or the stream is not flate)
     * @throws DataFormatException when the stream is corrupt, ends (fastrpc never ends it) or asks for a dictionary
     */
    public boolean inflate() throws DataFormatException {
        if (inflater == null || compressed == null || !compressed.isReadable()) {
            return false;
        }
        prepareOutput();
        ByteBuffer src = compressed.nioBuffer(compressed.readerIndex(), compressed.readableBytes());
        int before = src.position();
        ByteBuffer dst = plain.nioBuffer(plain.writerIndex(), Math.min(plain.writableBytes(), STEP));
        inflater.setInput(src);
        int n = inflater.inflate(dst);
        compressed.skipBytes(src.position() - before);
        plain.writerIndex(plain.writerIndex() + n);
        if (!compressed.isReadable()) {
            compressed.release();
            compressed = null;
        }
        if (inflater.finished() || inflater.needsDictionary()) {
            throw new DataFormatException("deflate stream ended or asked for a dictionary");
        }
        return n > 0;
    }

    /** Makes {@link #plain} a buffer of our own with room for one inflate step. */
    private void prepareOutput() {
        if (plain == null) {
            plain = alloc.ioBuffer(STEP);
            return;
        }
        if (plain.refCnt() != 1) {
            // a body slice still shares it: move the unread rest to a buffer of our own
            ByteBuf copy = alloc.ioBuffer(plain.readableBytes() + STEP);
            copy.writeBytes(plain, plain.readerIndex(), plain.readableBytes());
            plain.release();
            plain = copy;
            return;
        }
        if (plain.readerIndex() > 0 && plain.writableBytes() < STEP) {
            plain.discardSomeReadBytes();
        }
        plain.ensureWritable(STEP);
    }

    /**
     * Makes room for {@code reserve} more bytes of a plain read in place, so a large message is
     * gathered without a copy per read; never more than 64 KiB ahead.
     */
    public void reserve(int reserve) {
        int n = Math.min(reserve, STEP);
        if (inflater == null && plain != null && plain.refCnt() == 1 && plain.maxWritableBytes() >= n) {
            plain.ensureWritable(n);
        }
    }

    /** Frees the consumed prefix, or the whole buffer once consumed. */
    public void compact(boolean atMessageStart) {
        if (plain == null) {
            return;
        }
        if (!plain.isReadable()) {
            plain.release();
            plain = null;
        } else if (atMessageStart && plain.refCnt() == 1 && plain.readerIndex() > 4096) {
            plain.discardSomeReadBytes();
        }
    }

    /** Frees the buffers and the inflater. Idempotent. */
    public void release() {
        if (plain != null) {
            plain.release();
            plain = null;
        }
        if (compressed != null) {
            compressed.release();
            compressed = null;
        }
        if (inflater != null) {
            inflater.end();
        }
    }
}
