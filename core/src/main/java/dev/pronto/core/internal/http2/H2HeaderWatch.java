package dev.pronto.core.internal.http2;

import io.netty.buffer.ByteBuf;

/**
 * Whether an HTTP/2 connection's input stops inside its preface or a header block (HEADERS
 * without END_HEADERS, the CONTINUATIONs after it, or such a frame only partly arrived), and since
 * when: the HTTP/2 counterpart of an unfinished HTTP/1.1 head, held to {@code headerReadTimeout}
 * by {@link H2Timer}. Netty's frame reader keeps its header-block state to itself, so this reads
 * the type and flags of the frames handed to it: two byte reads per frame. Event loop only.
 */
final class H2HeaderWatch {
    private static final int HEADERS = 0x1;
    private static final int CONTINUATION = 0x9;
    private static final int END_HEADERS = 0x4;
    private boolean prefaceDone;
    private boolean blockOpen;
    /** A preface or header block was completed during the current read. */
    private boolean finished;
    /** When the unfinished input began (on the timer's clock); 0: none. */
    private long since;

    /** The connection opened at {@code now}: its preface is due. */
    void opened(long now) {
        since = now;
    }

    /** Sees the frames in {@code in} from {@code from} (a frame start) to {@code to}, about to be decoded. */
    void frames(ByteBuf in, int from, int to) {
        for (int at = from; at + H2FrameGuard.HEADER <= to; at += H2FrameGuard.HEADER + in.getUnsignedMedium(at)) {
            int type = in.getUnsignedByte(at + 3);
            if (type == HEADERS || type == CONTINUATION) {
                blockOpen = (in.getUnsignedByte(at + 4) & END_HEADERS) == 0;
                finished |= !blockOpen;
            }
        }
    }

    /**
     * A read was decoded at {@code now}: {@code rest} is what is left of it (a partial frame at
     * most, once the preface is done). An unfinished preface or block is timed from its start; one
     * that began after another finished in this same read, from this read.
     */
    void afterRead(boolean preface, ByteBuf rest, long now) {
        if (preface && !prefaceDone) {
            prefaceDone = true;
            finished = true;
        }
        if (!prefaceDone || blockOpen || partialHeaders(rest)) {
            if (since == 0 || finished) {
                since = now;
            }
        } else {
            since = 0;
        }
        finished = false;
    }

    /** Whether the unfinished input began at least {@code limitNanos} before {@code now}. */
    boolean overdue(long now, long limitNanos) {
        return since != 0 && now - since >= limitNanos;
    }

    /** Whether the unfinished part is the connection preface (else a header block). */
    boolean inPreface() {
        return !prefaceDone;
    }

    private boolean partialHeaders(ByteBuf rest) {
        if (rest.readableBytes() < 4) {
            return false;
        }
        int type = rest.getUnsignedByte(rest.readerIndex() + 3);
        return type == HEADERS || type == CONTINUATION;
    }
}
