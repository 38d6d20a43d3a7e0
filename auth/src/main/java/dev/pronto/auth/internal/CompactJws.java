package dev.pronto.auth.internal;

import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.util.Base64URL;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The strict front door of a compact JWS (RFC 7515 §3.1, §7.1; RFC 7519 §7.2), checked before the JOSE
 * library, the cache or any signature work sees the token. Why strict: a lenient decoder maps many strings
 * onto one token (padding, the standard alphabet, stray characters, set tail bits), which would let one
 * signed token churn the verified-token cache and slip past deny-lists keyed on the token text.
 *
 * <p>{@link #read} runs for every token not found in the verified-token cache (a cached token is the very
 * string that passed it, so a hit skips it): {@link #syntax} is the character-level part; then header and
 * claims are each base64url-decoded once, straight from the token, checked as UTF-8, and read by
 * {@link StrictJson} into the maps the JOSE library builds its header and claims set from, so the library
 * never decodes or parses the token itself. Immutable once read.
 */
final class CompactJws {
    /** The longest token accepted, in characters. */
    static final int MAX_TOKEN = 12 * 1024;
    /** The longest encoded header accepted. */
    static final int MAX_HEADER = 2048;

    private static final boolean[] URL_SAFE = new boolean[128];
    private static final byte[] VALUES = new byte[128];

    private final String token;
    private final int first;
    private final int second;
    private final String claimsText;
    private final Map<String, Object> header;
    private final Map<String, Object> claims;

    static {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (int v = 0; v < 64; v++) {
            URL_SAFE[alphabet.charAt(v)] = true;
            VALUES[alphabet.charAt(v)] = (byte) v;
        }
    }

    private CompactJws(String token, int first, int second) throws TokenRejected {
        this.token = token;
        this.first = first;
        this.second = second;
        this.header = StrictJson.object(utf8(token, 0, first));
        this.claimsText = utf8(token, first + 1, second);
        this.claims = StrictJson.object(claimsText);
    }

    /**
     * The token's parts after {@link #syntax} and the JSON checks: header and claims each UTF-8 JSON
     * objects with unique member names. Refusals: {@link TokenRejected#TOO_LARGE}, {@link
     * TokenRejected#MALFORMED}, {@link TokenRejected#NOT_OBJECT}, {@link TokenRejected#DUPLICATE}.
     */
    static CompactJws read(String token) throws TokenRejected {
        int first = syntax(token);
        return new CompactJws(token, first, token.indexOf('.', first + 1));
    }

    /** The header's members; null when the JOSE library's reader would refuse them (see {@link StrictJson}). */
    Map<String, Object> header() {
        return header;
    }

    /** The claims' members; null when the JOSE library's reader would refuse them (see {@link StrictJson}). */
    Map<String, Object> claims() {
        return claims;
    }

    /**
     * The JWS signing input (RFC 7515 §5.2 step 8): the token's ASCII up to its second dot; with an
     * unencoded payload (RFC 7797 {@code b64: false}) the encoded header, a dot and the payload's UTF-8, as
     * the JOSE library forms it. A new array per call.
     */
    byte[] signingInput(JWSHeader parsed) {
        if (!parsed.isBase64URLEncodePayload()) {
            return (token.substring(0, first + 1) + claimsText).getBytes(StandardCharsets.UTF_8);
        }
        byte[] input = new byte[second];
        for (int k = 0; k < second; k++) {
            input[k] = (byte) token.charAt(k);
        }
        return input;
    }

    /** The third segment, the signature. */
    Base64URL signature() {
        return new Base64URL(token.substring(second + 1));
    }

    /**
     * Checks that {@code token} is three non-empty base64url segments without padding, whitespace or any
     * other character, each a canonical encoding, within the size bounds; gives the first dot's index.
     */
    static int syntax(String token) throws TokenRejected {
        int length = token.length();
        if (length > MAX_TOKEN) {
            throw TokenRejected.TOO_LARGE;
        }
        int first = -1;
        int second = -1;
        // hot loop: one table lookup per character of every token the verified-token cache does not hold
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
        return first;
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

    /** The 6-bit value of a base64url character (checked by {@link #syntax} to be one). */
    private static int value(char c) {
        return VALUES[c];
    }

    /** Decodes a canonical base64url run of {@code s} (checked by {@link #syntax}) without copying it first. */
    static byte[] decode(String s, int from, int to) {
        byte[] out = new byte[(to - from) * 3 / 4];
        int o = 0;
        int k = from;
        for (; k + 4 <= to; k += 4) {
            int v = value(s.charAt(k)) << 18 | value(s.charAt(k + 1)) << 12 | value(s.charAt(k + 2)) << 6
                    | value(s.charAt(k + 3));
            out[o++] = (byte) (v >> 16);
            out[o++] = (byte) (v >> 8);
            out[o++] = (byte) v;
        }
        if (k + 2 <= to) {
            int v = value(s.charAt(k)) << 18 | value(s.charAt(k + 1)) << 12 | (k + 3 == to ? value(s.charAt(k + 2)) << 6 : 0);
            out[o++] = (byte) (v >> 16);
            if (k + 3 == to) {
                out[o] = (byte) (v >> 8);
            }
        }
        return out;
    }

    /** Strict UTF-8; pure ASCII, the usual case, skips the decoder. */
    private static String utf8(String token, int from, int to) throws TokenRejected {
        byte[] bytes = decode(token, from, to);
        boolean ascii = true;
        for (byte b : bytes) {
            ascii &= b >= 0;
        }
        if (ascii) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw TokenRejected.MALFORMED;
        }
    }
}
