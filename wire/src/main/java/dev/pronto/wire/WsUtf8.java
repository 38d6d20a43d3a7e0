package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

/**
 * UTF-8 validation of one text message across its frames (RFC 6455 §8.1, RFC 3629): fails at the
 * first frame holding an invalid sequence, so a bad fragment closes the connection before the rest
 * arrives. The state is the number of continuation bytes still due and the range the next one must
 * fall in, which is what rules out overlong forms, surrogates and code points past U+10FFFF.
 * Checking here, where the message is assembled anyway, spares every frame a pipeline hop through a
 * separate validator. Event loop only.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsUtf8 {
    /** A validator at the start of a message. */
    public WsUtf8() {
    }

    private static final long HIGH_BITS = 0x8080808080808080L;
    private int needed;
    private int lower = 0x80;
    private int upper = 0xBF;

    /** Starts a new message. */
    public void reset() {
        needed = 0;
        lower = 0x80;
        upper = 0xBF;
    }

    /** Checks the next bytes of the message; false once they cannot be UTF-8. */
    public boolean feed(ByteBuf data) {
        int i = data.readerIndex();
        int end = data.writerIndex();
        while (i < end) {
            if (needed == 0) {
                // ASCII runs, the common case, eight bytes at a time
                while (i + 8 <= end && (data.getLong(i) & HIGH_BITS) == 0) {
                    i += 8;
                }
                if (i == end) {
                    break;
                }
            }
            if (!next(data.getByte(i++) & 0xff)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the message may end here: no sequence left open. */
    public boolean complete() {
        return needed == 0;
    }

    private boolean next(int b) {
        if (needed > 0) {
            if (b < lower || b > upper) {
                return false;
            }
            lower = 0x80;
            upper = 0xBF;
            needed--;
            return true;
        }
        if (b < 0x80) {
            return true;
        }
        if (b >= 0xC2 && b <= 0xDF) {
            needed = 1;
        } else if (b >= 0xE0 && b <= 0xEF) {
            needed = 2;
            lower = b == 0xE0 ? 0xA0 : 0x80; // no overlong three-byte forms
            upper = b == 0xED ? 0x9F : 0xBF; // no UTF-16 surrogates
        } else if (b >= 0xF0 && b <= 0xF4) {
            needed = 3;
            lower = b == 0xF0 ? 0x90 : 0x80; // no overlong four-byte forms
            upper = b == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
        } else {
            return false; // a continuation byte first, C0/C1 (overlong), or F5..FF
        }
        return true;
    }
}
