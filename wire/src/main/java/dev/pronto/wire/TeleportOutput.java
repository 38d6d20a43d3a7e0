package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.nio.ByteBuffer;
import java.util.zip.Deflater;

/**
 * The outbound stream of a teleport connection: framed responses are gathered into one batch per
 * flush and compressed once per batch. None: each part is written as it is (the socket gathers
 * them). Flate: one raw-DEFLATE stream for the connection's life, fed as parts arrive and ended
 * with a sync flush per batch, so the 32 KiB window spans messages and batches. Snappy: the batch
 * is copied into one buffer and handed to the framing encoder further down the pipeline, which
 * makes its chunks. Shared by the server carrier and the client. Event loop only.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class TeleportOutput {
    private static final int MIN_ROOM = 1024;
    /** Size of each buffer of an uncompressed batch. */
    private static final int CHAIN_BYTES = 16 << 10;

    private final ChannelHandlerContext ctx;
    private final int compression;
    private final Deflater deflater;
    /** Compressed (flate) or gathered (snappy) bytes of the current batch; null when empty. */
    private ByteBuf batch;
    private boolean pending;
    private long written;
    /** Flate: the message being appended, deflated at {@link #endMessage()}; reused. */
    private ByteBuf scratch;
    private int messageStart;

    public TeleportOutput(ChannelHandlerContext ctx, int compression) {
        this.ctx = ctx;
        this.compression = compression;
        // Level 1, not Go's 6: the window spanning messages already finds the repeats that matter, at about
        // half the CPU per message (a 4.4 KB JSON response: ~120 B on the wire against ~30 B, both under 3 %)
        this.deflater = compression == TeleportWire.FLATE ? new Deflater(Deflater.BEST_SPEED, true) : null;
    }

    /** Adds one part of a framed response to the batch; ownership of {@code part} moves here. */
    public void add(ByteBuf part) {
        pending = true;
        written += part.readableBytes();
        if (compression == TeleportWire.NONE) {
            ctx.write(part, ctx.voidPromise());
            return;
        }
        try {
            if (deflater != null) {
                deflate(part, Deflater.NO_FLUSH);
            } else {
                if (batch == null) {
                    batch = ctx.alloc().ioBuffer(Math.max(part.readableBytes(), 4096));
                }
                batch.writeBytes(part, part.readerIndex(), part.readableBytes());
            }
        } finally {
            part.release();
        }
    }

    /**
     * Starts one message written in place: the caller appends it to the returned buffer (any amount;
     * {@code sizeHint} pre-sizes it) and then calls {@link #endMessage()}, with no other call between.
     * No buffer per message: without compression (and for snappy) the bytes land in the batch itself,
     * for flate in a reused scratch buffer that is deflated at once. The buffer stays owned here.
     */
    public ByteBuf beginMessage(int sizeHint) {
        if (deflater != null) {
            if (scratch == null) {
                scratch = ctx.alloc().heapBuffer(Math.max(sizeHint, MIN_ROOM));
            }
            scratch.clear().ensureWritable(sizeHint);
            return scratch;
        }
        if (batch != null && compression == TeleportWire.NONE && batch.writableBytes() < sizeHint) {
            // uncompressed batches are chained, not grown: growing copies everything gathered so far
            ctx.write(batch, ctx.voidPromise());
            batch = null;
        }
        if (batch == null) {
            batch = ctx.alloc().ioBuffer(Math.max(sizeHint, CHAIN_BYTES));
        }
        batch.ensureWritable(sizeHint);
        messageStart = batch.writerIndex();
        return batch;
    }

    /** Ends the message started by {@link #beginMessage}. */
    public void endMessage() {
        pending = true;
        if (deflater != null) {
            written += scratch.readableBytes();
            deflate(scratch, Deflater.NO_FLUSH);
        } else {
            written += batch.writerIndex() - messageStart;
        }
    }

    /** Whether anything was added since the last flush. */
    public boolean pending() {
        return pending;
    }

    /** Plain (uncompressed) bytes of framed responses added so far. */
    public long plainBytes() {
        return written;
    }

    /** Ends the batch (sync flush for flate) and flushes the socket. */
    public void flush() {
        if (!pending) {
            return;
        }
        pending = false;
        if (deflater != null) {
            deflate(null, Deflater.SYNC_FLUSH);
        }
        if (batch != null) {
            ByteBuf out = batch;
            batch = null;
            ctx.write(out, ctx.voidPromise());
        }
        ctx.flush();
    }

    private void deflate(ByteBuf part, int flush) {
        if (part != null) {
            deflater.setInput(part.nioBuffer(part.readerIndex(), part.readableBytes()));
        }
        for (;;) {
            if (batch == null) {
                batch = ctx.alloc().ioBuffer(part == null ? MIN_ROOM : Math.max(part.readableBytes() / 2, MIN_ROOM));
            }
            batch.ensureWritable(MIN_ROOM);
            ByteBuffer dst = batch.nioBuffer(batch.writerIndex(), batch.writableBytes());
            int room = dst.remaining();
            int n = deflater.deflate(dst, flush);
            batch.writerIndex(batch.writerIndex() + n);
            if (n < room && deflater.needsInput()) {
                return;
            }
        }
    }

    /** Drops the unsent batch and frees the deflater (the connection closed). Idempotent. */
    public void release() {
        if (batch != null) {
            batch.release();
            batch = null;
        }
        if (scratch != null) {
            scratch.release();
            scratch = null;
        }
        if (deflater != null) {
            deflater.end();
        }
    }
}
