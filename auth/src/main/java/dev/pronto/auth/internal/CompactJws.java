package dev.pronto.auth.internal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The strict front door of a compact JWS (RFC 7515 §3.1, §7.1; RFC 7519 §7.2), checked before the JOSE
 * library, the cache or any signature work sees the token. Why strict: a lenient decoder maps many strings
 * onto one token (padding, the standard alphabet, stray characters, set tail bits), which would let one
 * signed token churn the verified-token cache and slip past deny-lists keyed on the token text.
 *
 * <p>{@link #syntax} is the character-level part, {@link #json} decodes header and claims and checks they are
 * JSON objects with unique members. Both run for every token not found in the verified-token cache, before
 * the JOSE library parses it; a cached token is the very string that passed them, so a hit skips them.
 */
final class CompactJws {
    /** The longest token accepted, in characters. */
    static final int MAX_TOKEN = 12 * 1024;
    /** The longest encoded header accepted. */
    static final int MAX_HEADER = 2048;

    private static final boolean[] URL_SAFE = new boolean[128];

    static {
        for (char c = 'A'; c <= 'Z'; c++) {
            URL_SAFE[c] = true;
            URL_SAFE[c + 32] = true;
        }
        for (char c = '0'; c <= '9'; c++) {
            URL_SAFE[c] = true;
        }
        URL_SAFE['-'] = true;
        URL_SAFE['_'] = true;
    }

    private CompactJws() {
    }

    /**
     * Checks that {@code token} is three non-empty base64url segments without padding, whitespace or any
     * other character, each a canonical encoding, within the size bounds.
     */
    static void syntax(String token) throws TokenRejected {
        int length = token.length();
        if (length > MAX_TOKEN) {
            throw TokenRejected.TOO_LARGE;
        }
        int first = -1;
        int second = -1;
        // hot loop: one table lookup per character of every presented token, cached or not
        for (int i = 0; i < length; i++) {
            char c = token.charAt(i);
            if (c == '.') {
                if (first < 0) {
                    first = i;
                } else if (second < 0) {
                    second = i;
                } else {
                    throw TokenRejected.MALFORMED;
                }
            } else if (c >= 128 || !URL_SAFE[c]) {
                throw TokenRejected.MALFORMED;
            }
        }
        if (second < 0 || first > MAX_HEADER) {
            throw first > MAX_HEADER ? TokenRejected.TOO_LARGE : TokenRejected.MALFORMED;
        }
        if (!canonical(token, 0, first) || !canonical(token, first + 1, second) || !canonical(token, second + 1, length)) {
            throw TokenRejected.MALFORMED;
        }
    }

    /**
     * Decodes header and claims of a token that passed {@link #syntax} and checks both are UTF-8 JSON
     * objects with unique member names.
     */
    static void json(String token) throws TokenRejected {
        int first = token.indexOf('.');
        int second = token.indexOf('.', first + 1);
        StrictJson.object(utf8(token, 0, first));
        StrictJson.object(utf8(token, first + 1, second));
    }

    /** Non-empty, a possible base64url length, and the bits after the last byte are zero (RFC 4648 §3.5). */
    private static boolean canonical(String s, int from, int to) {
        int n = to - from;
        if (n == 0 || n % 4 == 1) {
            return false;
        }
        int last = value(s.charAt(to - 1));
        return n % 4 == 0 || (n % 4 == 2 ? (last & 0x0F) == 0 : (last & 0x03) == 0);
    }

    private static int value(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        return c == '-' ? 62 : 63;
    }

    private static String utf8(String token, int from, int to) throws TokenRejected {
        byte[] bytes = Base64.getUrlDecoder().decode(token.substring(from, to));
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw TokenRejected.MALFORMED;
        }
    }
}
