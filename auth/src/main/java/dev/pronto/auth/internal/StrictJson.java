package dev.pronto.auth.internal;

import java.util.HashSet;
import java.util.Set;

/**
 * A validating reader of RFC 8259 JSON that builds nothing but the member names it must compare: the
 * text must be one object, every object's member names unique (RFC 7515 §5.2 step 3, RFC 7519 §4), no
 * deeper than {@link #MAX_DEPTH}. Why its own reader: the JOSE library's JSON reader accepts an array of
 * pairs where an object is due and keeps one of two duplicate members, so a second verifier could read
 * the same token differently. Not thread-confined: each call has its own state.
 */
final class StrictJson {
    /** How deeply arrays and objects may nest. */
    static final int MAX_DEPTH = 16;

    private final String s;
    private int i;

    private StrictJson(String s) {
        this.s = s;
    }

    /** Checks {@code text} is exactly one JSON object with unique member names. */
    static void object(String text) throws TokenRejected {
        StrictJson json = new StrictJson(text);
        json.space();
        if (json.peek() != '{') {
            throw TokenRejected.NOT_OBJECT;
        }
        json.value(0);
        json.space();
        if (json.i != text.length()) {
            throw TokenRejected.MALFORMED;
        }
    }

    private void value(int depth) throws TokenRejected {
        if (depth > MAX_DEPTH) {
            throw TokenRejected.MALFORMED;
        }
        switch (peek()) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string(null);
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> number();
        }
    }

    private void object(int depth) throws TokenRejected {
        i++;
        space();
        if (peek() == '}') {
            i++;
            return;
        }
        Set<String> names = new HashSet<>();
        while (true) {
            space();
            StringBuilder name = new StringBuilder();
            string(name);
            if (!names.add(name.toString())) {
                throw TokenRejected.DUPLICATE;
            }
            space();
            expect(':');
            space();
            value(depth + 1);
            space();
            if (peek() == '}') {
                i++;
                return;
            }
            expect(',');
        }
    }

    private void array(int depth) throws TokenRejected {
        i++;
        space();
        if (peek() == ']') {
            i++;
            return;
        }
        while (true) {
            space();
            value(depth + 1);
            space();
            if (peek() == ']') {
                i++;
                return;
            }
            expect(',');
        }
    }

    /** Reads a string; its decoded text goes to {@code out} when not null (names are compared decoded). */
    private void string(StringBuilder out) throws TokenRejected {
        expect('"');
        while (true) {
            char c = next();
            if (c == '"') {
                return;
            }
            if (c < 0x20) {
                throw TokenRejected.MALFORMED;
            }
            if (c == '\\') {
                c = escape();
            }
            if (out != null) {
                out.append(c);
            }
        }
    }

    private char escape() throws TokenRejected {
        char c = next();
        return switch (c) {
            case '"', '\\', '/' -> c;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> (char) (hex() << 12 | hex() << 8 | hex() << 4 | hex());
            default -> throw TokenRejected.MALFORMED;
        };
    }

    private int hex() throws TokenRejected {
        int d = Character.digit(next(), 16);
        if (d < 0) {
            throw TokenRejected.MALFORMED;
        }
        return d;
    }

    private void number() throws TokenRejected {
        if (peek() == '-') {
            i++;
        }
        if (peek() == '0') {
            i++;
        } else {
            digits();
        }
        if (peek() == '.') {
            i++;
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            i++;
            if (peek() == '+' || peek() == '-') {
                i++;
            }
            digits();
        }
    }

    private void digits() throws TokenRejected {
        int start = i;
        while (peek() >= '0' && peek() <= '9') {
            i++;
        }
        if (i == start) {
            throw TokenRejected.MALFORMED;
        }
    }

    private void literal(String word) throws TokenRejected {
        if (!s.startsWith(word, i)) {
            throw TokenRejected.MALFORMED;
        }
        i += word.length();
    }

    private void space() {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n' || s.charAt(i) == '\r')) {
            i++;
        }
    }

    private void expect(char c) throws TokenRejected {
        if (next() != c) {
            throw TokenRejected.MALFORMED;
        }
    }

    /** The current character, or 0 at the end (0 is never valid JSON outside a string). */
    private char peek() {
        return i < s.length() ? s.charAt(i) : 0;
    }

    private char next() throws TokenRejected {
        if (i >= s.length()) {
            throw TokenRejected.MALFORMED;
        }
        return s.charAt(i++);
    }
}
