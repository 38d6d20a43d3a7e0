package dev.pronto.core.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.quic.QuicStreamPriority;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The RFC 9218 §7.2 PRIORITY_UPDATE frames of one connection, as {@link H3FrameGuard} reads them whole from the
 * client's control stream. An update for an open request stream moves its response in the send order at once
 * ({@link H3Stream#reprioritize}); one for a stream not open yet is kept until it opens, then applied before
 * its HEADERS are read, so it wins over the {@code priority} field (§8). A later update for a stream replaces
 * the earlier. The value is read as the request field is ({@link H3Priority}): the frame carries the whole
 * set of parameters, so a missing or invalid member takes its default. Event loop only.
 *
 * <p>Ids are checked as §7.2 asks, with H3_ID_ERROR: a request update must name a client-initiated
 * bidirectional stream within the stream limit, and a push update always fails, since the server promises no
 * push. The limit QUIC enforces grows as streams end and is not exposed, so the bound here is the streams seen
 * opened plus {@code maxBidiStreams}: never below QUIC's, as §7.2 allows.
 */
final class H3PriorityUpdates {
    private final List<H3Stream> open;
    private final long maxBidi;
    /** How many updates for unopened streams are kept: the streams a client may open at once, bounded. */
    private final int capacity;
    /** Updates for streams not open yet: their ids and priorities, unordered; allocated on the first one. */
    private long[] ids;
    private QuicStreamPriority[] kept;
    private int count;
    private long seen;

    H3PriorityUpdates(List<H3Stream> open, int maxBidiStreams) {
        this.open = open;
        this.maxBidi = maxBidiStreams;
        this.capacity = Math.min(maxBidiStreams, 256);
    }

    /**
     * Applies the update whose payload, checked whole by {@link H3Payloads}, is {@code p[at, at+len)}; the
     * connection error it makes, or null.
     */
    Http3ErrorCode read(long type, ByteBuf p, int at, int len) {
        int idLen = H3Varint.length(p.getByte(at));
        long id = H3Varint.read(p, at, idLen);
        if (type != H3Payloads.PRIORITY_UPDATE || (id & 3) != 0 || id / 4 >= seen + maxBidi) {
            return Http3ErrorCode.H3_ID_ERROR;
        }
        CharSequence field = p.getCharSequence(at + idLen, len - idLen, StandardCharsets.US_ASCII);
        QuicStreamPriority priority = H3Priority.of(field);
        for (H3Stream s : open) {
            if (s.channel().streamId() == id) {
                s.reprioritize(priority);
                return null;
            }
        }
        keep(id, priority);
        return null;
    }

    /** A request stream opened: the update kept for it, now forgotten here, for the caller to apply; or null. */
    QuicStreamPriority opened(long id) {
        seen++;
        int at = indexOf(id);
        if (at < 0) {
            return null;
        }
        QuicStreamPriority priority = kept[at];
        count--;
        ids[at] = ids[count];
        kept[at] = kept[count];
        kept[count] = null;
        return priority;
    }

    /**
     * Keeps an update for a stream not open (or already closed: stream ids are never reused, and the two cannot
     * be told apart). When full, the update for the lowest id gives way to one for a higher id, else the new one
     * is dropped: lower ids are the likelier to be closed already, higher ones still to come.
     */
    private void keep(long id, QuicStreamPriority priority) {
        if (ids == null) {
            ids = new long[capacity];
            kept = new QuicStreamPriority[capacity];
        }
        int at = indexOf(id);
        if (at < 0 && count < capacity) {
            at = count++;
        } else if (at < 0) {
            at = lowest();
            if (ids[at] > id) {
                return;
            }
        }
        ids[at] = id;
        kept[at] = priority;
    }

    private int indexOf(long id) {
        for (int i = 0; i < count; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        return -1;
    }

    private int lowest() {
        int min = 0;
        for (int i = 1; i < count; i++) {
            if (ids[i] < ids[min]) {
                min = i;
            }
        }
        return min;
    }
}
