package dev.pronto.core.internal.http2;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Stream;

/**
 * The checks RFC 9113 asks for HEADERS on streams that are not open, which Netty answers more
 * leniently: HEADERS on a stream the client already ended is a stream error STREAM_CLOSED; on a
 * closed stream a connection error STREAM_CLOSED (§5.1); on a lower, never-used stream id a
 * connection error PROTOCOL_ERROR (§5.1.1). It sees each frame header just before Netty decodes
 * the frame, so the stream states it reads are current. Event loop only.
 */
final class H2FrameGuard {
    static final int HEADER = 9;
    private static final int HEADERS = 0x1;
    private static final int SKIPPED = 16;
    /** Stream ids the client jumped over, as [from, to] pairs, oldest overwritten first. */
    private final int[] skipped = new int[SKIPPED * 2];
    private int skippedCount;
    private int highest;

    /** The frame's total length when {@code in} starts with a complete frame, else -1. */
    static int completeFrame(ByteBuf in, int maxFrameSize) {
        if (in.readableBytes() < HEADER) {
            return -1;
        }
        int length = in.getUnsignedMedium(in.readerIndex());
        if (length > maxFrameSize) {
            // let Netty reject the oversized frame from its header, without buffering it first
            return 0;
        }
        return in.readableBytes() >= HEADER + length ? HEADER + length : -1;
    }

    /**
     * The bytes of the complete frames from {@code from} on, or -1 when one of them is larger than
     * {@code maxFrameSize} (Netty rejects it from its header, so it may have every byte).
     */
    static int completeFrames(ByteBuf in, int from, int maxFrameSize) {
        int at = from;
        while (in.writerIndex() - at >= HEADER) {
            int length = in.getUnsignedMedium(at);
            if (length > maxFrameSize) {
                return -1;
            }
            if (in.writerIndex() - at < HEADER + length) {
                break;
            }
            at += HEADER + length;
        }
        return at - from;
    }

    /** Checks the frame at the start of {@code in}; throws the error the RFC asks for, if any. */
    void check(Http2Connection connection, ByteBuf in) throws Http2Exception {
        int at = in.readerIndex();
        if (in.getUnsignedByte(at + 3) != HEADERS) {
            return;
        }
        int id = in.getInt(at + 5) & Integer.MAX_VALUE;
        if (id == 0 || (id & 1) == 0) {
            return;
        }
        if (id > highest) {
            remember(id);
            return;
        }
        Http2Stream stream = connection.stream(id);
        if (stream == null) {
            throw wasSkipped(id)
                    ? Http2Exception.connectionError(Http2Error.PROTOCOL_ERROR, "HEADERS on stream %d, lower than a stream already used", id)
                    : Http2Exception.connectionError(Http2Error.STREAM_CLOSED, "HEADERS on closed stream %d", id);
        }
        if (stream.state() == Http2Stream.State.HALF_CLOSED_REMOTE) {
            throw Http2Exception.streamError(id, Http2Error.STREAM_CLOSED, "HEADERS on stream %d after its end", id);
        }
    }

    private void remember(int id) {
        if (highest != 0 && id > highest + 2) {
            int slot = (skippedCount++ % SKIPPED) * 2;
            skipped[slot] = highest + 2;
            skipped[slot + 1] = id - 2;
        } else if (highest == 0 && id > 1) {
            int slot = (skippedCount++ % SKIPPED) * 2;
            skipped[slot] = 1;
            skipped[slot + 1] = id - 2;
        }
        highest = id;
    }

    private boolean wasSkipped(int id) {
        for (int i = 0; i < Math.min(skippedCount, SKIPPED) * 2; i += 2) {
            if (id >= skipped[i] && id <= skipped[i + 1]) {
                return true;
            }
        }
        return false;
    }
}
