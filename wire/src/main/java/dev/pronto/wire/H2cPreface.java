package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

/**
 * Recognises the HTTP/2 client connection preface at the start of a cleartext connection (h2c
 * with prior knowledge), possibly split across reads. {@code PRI} is not a method any HTTP/1.1
 * request uses, so the first differing byte settles it.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class H2cPreface {
    public static final int LENGTH = 24;
    private static final byte[] PREFACE = Ascii.bytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");

    /** Outcomes of {@link #match}. */
    public enum Match { PREFACE, NOT_PREFACE, NEED_MORE }

    private H2cPreface() {
    }

    /** Whether the readable bytes of {@code buf} start with the preface, cannot, or might. */
    public static Match match(ByteBuf buf) {
        int n = Math.min(buf.readableBytes(), LENGTH);
        int from = buf.readerIndex();
        for (int i = 0; i < n; i++) {
            if (buf.getByte(from + i) != PREFACE[i]) {
                return Match.NOT_PREFACE;
            }
        }
        return n == LENGTH ? Match.PREFACE : Match.NEED_MORE;
    }
}
