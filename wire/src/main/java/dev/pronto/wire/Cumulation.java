package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Appends a new read to the unconsumed rest of earlier reads. Writes in place when the buffer is
 * exclusively ours; copies when a retained body slice still shares it, so in-flight requests
 * never see their bytes move.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class Cumulation {
    private Cumulation() {
    }

    /** Returns the buffer holding both; releases {@code in}, and {@code cum} if replaced. */
    public static ByteBuf append(ByteBufAllocator alloc, ByteBuf cum, ByteBuf in) {
        try {
            if (!cum.isReadable() && cum.refCnt() == 1) {
                cum.release();
                return in.retain();
            }
            int needed = in.readableBytes();
            if (cum.refCnt() == 1 && !cum.isReadOnly() && cum.maxWritableBytes() >= needed) {
                cum.writeBytes(in);
                return cum;
            }
            ByteBuf copy = alloc.ioBuffer(Math.max(cum.readableBytes() + needed, 1024));
            copy.writeBytes(cum, cum.readerIndex(), cum.readableBytes());
            copy.writeBytes(in);
            cum.release();
            return copy;
        } finally {
            in.release();
        }
    }
}
