package dev.pronto.core.internal.http3;

import io.netty.handler.codec.quic.QuicStreamPriority;

/**
 * A response stream's place in quiche's send order, from RFC 9218's {@code priority} request field: urgency
 * {@code u} 0 (first) to 7, default 3, and {@code i} (incremental), default false. Members that are missing, out
 * of range or malformed take the default, as the RFC asks; unknown members and parameters are ignored.
 *
 * <p>Why it is set on every stream: quiche's own default makes every stream incremental, so a connection's
 * capacity is shared round robin among all its responses and a large one finishes as late as the last byte of
 * everything sent beside it (under the 16 × 32 static-file load, p99 was the largest file's share). Non-incremental
 * streams of one urgency are sent one after another in stream order, which is RFC 9218's default for HTTP.
 *
 * <p>quiche ranks urgencies 0..127 here (lower first) and leaves the streams nobody set at 127. Responses go at
 * 1 + {@code u} and the connection's control stream at 0 ({@link #CONTROL}), so a GOAWAY is never queued behind
 * response bodies already handed to quiche.
 */
final class H3Priority {
    /** The server's control stream: ahead of every response. */
    static final QuicStreamPriority CONTROL = new QuicStreamPriority(0, false);
    /** Where RFC 9218's urgency 0 lands in quiche's range: just after the control stream. */
    private static final int BASE = 1;
    /** RFC 9218 §4.1: urgency when the field does not say. */
    private static final int DEFAULT_URGENCY = 3;
    /** Every urgency, non-incremental then incremental: made once, so setting a stream's allocates nothing. */
    private static final QuicStreamPriority[] ALL = new QuicStreamPriority[16];

    static {
        for (int u = 0; u < 8; u++) {
            ALL[u * 2] = new QuicStreamPriority(BASE + u, false);
            ALL[u * 2 + 1] = new QuicStreamPriority(BASE + u, true);
        }
    }

    private H3Priority() {
    }

    /** The priority a request with this {@code priority} field (null: none) asks for its response. */
    static QuicStreamPriority of(CharSequence field) {
        int urgency = DEFAULT_URGENCY;
        boolean incremental = false;
        int n = field == null ? 0 : field.length();
        int i = 0;
        while (i < n) {
            i = skipSpace(field, i);
            int end = memberEnd(field, i);
            if (isKey(field, i, end, 'u')) {
                urgency = urgency(field, i + 1, end, urgency);
            } else if (isKey(field, i, end, 'i')) {
                incremental = incremental(field, i + 1, end, incremental);
            }
            i = end + 1;
        }
        return ALL[urgency * 2 + (incremental ? 1 : 0)];
    }

    /** Whether the member at {@code from} is the one-letter key {@code key} (then its value or parameters follow). */
    private static boolean isKey(CharSequence f, int from, int end, char key) {
        if (from >= end || f.charAt(from) != key) {
            return false;
        }
        char next = from + 1 < end ? f.charAt(from + 1) : ';';
        return next == '=' || next == ';' || isSpace(next);
    }

    /** {@code u}'s value between {@code from} (at '=') and {@code end}: one digit 0..7, else {@code current}. */
    private static int urgency(CharSequence f, int from, int end, int current) {
        int stop = valueEnd(f, from, end);
        if (stop - from != 2 || f.charAt(from) != '=') {
            return current;
        }
        char d = f.charAt(from + 1);
        return d >= '0' && d <= '7' ? d - '0' : current;
    }

    /** {@code i}'s value: bare (true), {@code =?1} or {@code =?0}; anything else leaves {@code current}. */
    private static boolean incremental(CharSequence f, int from, int end, boolean current) {
        int stop = valueEnd(f, from, end);
        if (stop == from) {
            return true;
        }
        if (stop - from != 3 || f.charAt(from) != '=' || f.charAt(from + 1) != '?') {
            return current;
        }
        char b = f.charAt(from + 2);
        return b == '1' || (b != '0' && current);
    }

    /** Where a member's value ends: at its first parameter (';'), trailing spaces, or the member's end. */
    private static int valueEnd(CharSequence f, int from, int end) {
        int stop = from;
        while (stop < end && f.charAt(stop) != ';') {
            stop++;
        }
        while (stop > from && isSpace(f.charAt(stop - 1))) {
            stop--;
        }
        return stop;
    }

    private static int memberEnd(CharSequence f, int from) {
        int i = from;
        while (i < f.length() && f.charAt(i) != ',') {
            i++;
        }
        return i;
    }

    private static int skipSpace(CharSequence f, int from) {
        int i = from;
        while (i < f.length() && isSpace(f.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t';
    }
}
