package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

/**
 * The chunk-ext grammar of RFC 9112 §7.1.1, {@code *( BWS ";" BWS name [ BWS "=" BWS value ] )}
 * with a token name and a token or quoted-string value. Whitespace is allowed only where BWS is,
 * so a size followed by stray spaces is malformed rather than silently accepted.
 */
final class ChunkExtensions {
    private ChunkExtensions() {
    }

    /** Whether {@code in[from, cr)}, the rest of a chunk size line after its digits, is valid. */
    static boolean valid(ByteBuf in, int from, int cr) {
        int i = from;
        while (i < cr) {
            i = whitespace(in, i, cr);
            if (i == cr || in.getByte(i) != ';') {
                return false;
            }
            int name = whitespace(in, i + 1, cr);
            i = token(in, name, cr);
            if (i == name) {
                return false;
            }
            int eq = whitespace(in, i, cr);
            if (eq < cr && in.getByte(eq) == '=') {
                int value = whitespace(in, eq + 1, cr);
                i = value < cr && in.getByte(value) == '"' ? quoted(in, value, cr) : token(in, value, cr);
                if (i <= value) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int whitespace(ByteBuf in, int from, int end) {
        int i = from;
        while (i < end && (in.getByte(i) == Ascii.SP || in.getByte(i) == Ascii.HTAB)) {
            i++;
        }
        return i;
    }

    private static int token(ByteBuf in, int from, int end) {
        int i = from;
        while (i < end && Ascii.isTchar(in.getByte(i))) {
            i++;
        }
        return i;
    }

    /** The index after the closing quote of the quoted-string at {@code from}, or -1. */
    private static int quoted(ByteBuf in, int from, int end) {
        for (int i = from + 1; i < end; i++) {
            byte b = in.getByte(i);
            if (b == '"') {
                return i + 1;
            }
            if (b == '\\') {
                i++;
                if (i == end || !Ascii.isFieldValue(in.getByte(i))) {
                    return -1;
                }
            } else if (!Ascii.isFieldValue(b)) {
                return -1;
            }
        }
        return -1;
    }
}
