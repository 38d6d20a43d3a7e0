package dev.pronto.auth.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of RFC 8259 JSON that builds the JOSE library's own value model while it checks: the
 * text must be one object, every object's member names unique (RFC 7515 §5.2 step 3, RFC 7519 §4), no
 * deeper than {@link #MAX_DEPTH}. Why its own reader: the JOSE library's JSON reader accepts an array of
 * pairs where an object is due and keeps one of two duplicate members, so a second verifier could read
 * the same token differently; and reading once here spares the library a second parse of the same text.
 *
 * <p>Values are what the library's reader (Gson, {@code LONG_OR_DOUBLE}) gives, so its {@code parse(Map)}
 * methods see no difference: objects as insertion-ordered maps, arrays as lists, strings, booleans, null,
 * and a number as a {@code Long} when its text has no {@code .} and fits one, else a {@code Double}. Not
 * thread-confined: each call has its own state.
 */
final class StrictJson {
    /** How deeply arrays and objects may nest. */
    static final int MAX_DEPTH = 16;

    private final String s;
    private int i;
    /** Why: the library's reader refuses a number beyond the double range; the caller decides when. */
    private boolean finite = true;

    private StrictJson(String s) {
        this.s = s;
    }

    /**
     * The members of {@code text}, which must be exactly one JSON object with unique member names; null
     * when it is such an object but holds a number beyond the double range, which the JOSE library's
     * reader refuses (the caller refuses it where the library would have).
     */
    static Map<String, Object> object(String text) throws TokenRejected {
        StrictJson json = new StrictJson(text);
        json.space();
        if (json.peek() != '{') {
            throw TokenRejected.NOT_OBJECT;
        }
        Object members = json.value(0);
        json.space();
        if (json.i != text.length()) {
            throw TokenRejected.MALFORMED;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) members;
        return json.finite ? map : null;
    }

    private Object value(int depth) throws TokenRejected {
        if (depth > MAX_DEPTH) {
            throw TokenRejected.MALFORMED;
        }
        return switch (peek()) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object(int depth) throws TokenRejected {
        i++;
        space();
        Map<String, Object> members = new LinkedHashMap<>();
        if (peek() == '}') {
            i++;
            return members;
        }
        while (true) {
            space();
            String name = string();
            if (members.containsKey(name)) {
                throw TokenRejected.DUPLICATE;
            }
            space();
            expect(':');
            space();
            members.put(name, value(depth + 1));
            space();
            if (peek() == '}') {
                i++;
                return members;
            }
            expect(',');
        }
    }

    private List<Object> array(int depth) throws TokenRejected {
        i++;
        space();
        List<Object> items = new ArrayList<>();
        if (peek() == ']') {
            i++;
            return items;
        }
        while (true) {
            space();
            items.add(value(depth + 1));
            space();
            if (peek() == ']') {
                i++;
                return items;
            }
            expect(',');
        }
    }

    /** Reads a string; a run without escapes is one {@code substring}, escapes go through a builder. */
    private String string() throws TokenRejected {
        expect('"');
        int start = i;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"') {
                return s.substring(start, i++);
            }
            if (c < 0x20 || c == '\\') {
                break;
            }
            i++;
        }
        StringBuilder out = new StringBuilder().append(s, start, i);
        while (true) {
            char c = next();
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw TokenRejected.MALFORMED;
            }
            out.append(c == '\\' ? escape() : c);
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

    private Number number() throws TokenRejected {
        int start = i;
        if (peek() == '-') {
            i++;
        }
        if (peek() == '0') {
            i++;
        } else {
            digits();
        }
        boolean integer = true;
        if (peek() == '.') {
            i++;
            digits();
            integer = false;
        }
        if (peek() == 'e' || peek() == 'E') {
            i++;
            if (peek() == '+' || peek() == '-') {
                i++;
            }
            digits();
            integer = false;
        }
        return integer && i - start <= 18 ? Long.valueOf(smallInteger(start)) : parsed(s.substring(start, i));
    }

    /** Why: {@code exp}, {@code iat} and most numbers are short integers; no text is built for them. */
    private long smallInteger(int start) {
        boolean negative = s.charAt(start) == '-';
        long v = 0;
        for (int k = negative ? start + 1 : start; k < i; k++) {
            v = v * 10 + (s.charAt(k) - '0');
        }
        return negative ? -v : v;
    }

    /** The library's rule: a text with a {@code .} or not fitting a long is a double. */
    private Number parsed(String text) {
        if (text.indexOf('.') < 0) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                // an exponent, or beyond the long range: a double, as the library reads it
            }
        }
        Double d = Double.valueOf(text);
        if (d.isInfinite()) {
            finite = false;
        }
        return d;
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

    private Object literal(String word, Object value) throws TokenRejected {
        if (!s.startsWith(word, i)) {
            throw TokenRejected.MALFORMED;
        }
        i += word.length();
        return value;
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
