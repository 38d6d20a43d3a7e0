package dev.pronto.grpc.internal;

import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Splits a request body into gRPC length-prefixed messages (1 flag byte, 4 length bytes, payload)
 * as chunks arrive. A message whole inside one chunk is handed over as a slice of it, without a
 * copy; only a message split across chunks is gathered, and never past the maximum message size,
 * which is checked from the prefix before any payload is buffered.
 */
final class Deframer {
    /** Receives one message; ownership of {@code message} moves to it. */
    interface Sink {
        void message(ByteBuf message, boolean compressed);
    }

    private static final int PREFIX = 5;

    private final int maxMessageSize;
    private final Sink sink;
    private ByteBuf partial;

    Deframer(int maxMessageSize, Sink sink) {
        this.maxMessageSize = maxMessageSize;
        this.sink = sink;
    }

    /**
     * Consumes {@code chunk} (still owned by the caller).
     *
     * @return the status to fail the call with (malformed prefix, oversized message), or null
     */
    Status feed(ByteBuf chunk) {
        ByteBuf in = chunk;
        if (partial != null) {
            partial.writeBytes(chunk);
            in = partial;
        }
        Status failure = split(in, in == chunk);
        if (failure != null) {
            release();
            return failure;
        }
        if (in == chunk && chunk.isReadable()) {
            partial = ByteBufAllocator.DEFAULT.heapBuffer(Math.max(chunk.readableBytes(), 256));
            partial.writeBytes(chunk);
        } else if (in == partial) {
            if (partial.isReadable()) {
                partial.discardSomeReadBytes();
            } else {
                release();
            }
        }
        return null;
    }

    private Status split(ByteBuf in, boolean slice) {
        while (in.readableBytes() >= PREFIX) {
            int flags = in.getUnsignedByte(in.readerIndex());
            long length = in.getUnsignedInt(in.readerIndex() + 1);
            if ((flags & 0xFE) != 0) {
                return Status.INTERNAL.withDescription("gRPC frame header malformed: reserved flags set");
            }
            if (length > maxMessageSize) {
                return Status.RESOURCE_EXHAUSTED.withDescription(
                        "gRPC message exceeds maximum size " + maxMessageSize + ": " + length);
            }
            if (in.readableBytes() < PREFIX + length) {
                return null;
            }
            in.skipBytes(PREFIX);
            // a slice of the caller's chunk is safe to keep; a slice of partial is not (it is compacted)
            ByteBuf message = slice ? in.readRetainedSlice((int) length) : in.readBytes((int) length);
            sink.message(message, flags == 1);
        }
        return null;
    }

    /** Whether bytes of an unfinished message are pending (the body must not end here). */
    boolean midMessage() {
        return partial != null && partial.isReadable();
    }

    /** Drops what is buffered. */
    void release() {
        if (partial != null) {
            partial.release();
            partial = null;
        }
    }
}
