package dev.pronto.client.http.internal.contract;

import dev.pronto.client.http.ProblemException.FieldError;
import java.util.ArrayList;
import java.util.List;

/**
 * The members of a problem document that the client reports, read by a small recursive-descent
 * parser (the client has no JSON library of its own). Unknown members are skipped; anything that
 * is not a JSON object gives null.
 *
 * @param type the {@code type} string, or null
 * @param title the {@code title} string, or null
 * @param detail the {@code detail} string, or null
 * @param errors the {@code errors} entries with a string {@code field} and {@code message}
 */
record ProblemJson(String type, String title, String detail, List<FieldError> errors) {
    /** Deeper documents are not problems a server writes; the limit keeps the recursion bounded. */
    private static final int MAX_DEPTH = 32;

    /** The problem in {@code text}, or null when it is not a well-formed JSON object. */
    static ProblemJson parse(String text) {
        try {
            Cursor c = new Cursor(text);
            c.expect('{');
            String[] strings = new String[3];
            List<FieldError> errors = new ArrayList<>();
            c.members(key -> {
                switch (key) {
                    case "type" -> strings[0] = c.stringOrSkip();
                    case "title" -> strings[1] = c.stringOrSkip();
                    case "detail" -> strings[2] = c.stringOrSkip();
                    case "errors" -> c.fieldErrors(errors);
                    default -> c.skip(0);
                }
            });
            c.end();
            return new ProblemJson(strings[0], strings[1], strings[2], List.copyOf(errors));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    /** A position in the text; every method throws IllegalArgumentException on malformed input. */
    private static final class Cursor {
        private final String s;
        private int i;

        Cursor(String s) {
            this.s = s;
        }

        void members(java.util.function.Consumer<String> member) {
            if (peek() == '}') {
                i++;
                return;
            }
            do {
                String key = string();
                expect(':');
                member.accept(key);
            } while (comma('}'));
        }

        void fieldErrors(List<FieldError> out) {
            if (peek() != '[') {
                skip(0);
                return;
            }
            i++;
            if (peek() == ']') {
                i++;
                return;
            }
            do {
                expect('{');
                String[] pair = new String[2];
                members(key -> {
                    switch (key) {
                        case "field" -> pair[0] = stringOrSkip();
                        case "message" -> pair[1] = stringOrSkip();
                        default -> skip(1);
                    }
                });
                if (pair[0] != null && pair[1] != null) {
                    out.add(new FieldError(pair[0], pair[1]));
                }
            } while (comma(']'));
        }

        String stringOrSkip() {
            if (peek() == '"') {
                return string();
            }
            skip(0);
            return null;
        }

        void skip(int depth) {
            if (depth > MAX_DEPTH) {
                throw new IllegalArgumentException("too deep");
            }
            char c = peek();
            if (c == '"') {
                string();
            } else if (c == '{' || c == '[') {
                char close = c == '{' ? '}' : ']';
                i++;
                if (peek() == close) {
                    i++;
                    return;
                }
                do {
                    if (close == '}') {
                        string();
                        expect(':');
                    }
                    skip(depth + 1);
                } while (comma(close));
            } else {
                int start = i;
                while (i < s.length() && "-+.0123456789eEtrufalsn".indexOf(s.charAt(i)) >= 0) {
                    i++;
                }
                if (i == start) {
                    throw new IllegalArgumentException("value expected at " + i);
                }
            }
        }

        String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            for (char c = s.charAt(i++); c != '"'; c = s.charAt(i++)) {
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> sb.append(e);
                }
            }
            return sb.toString();
        }

        boolean comma(char close) {
            char c = peek();
            i++;
            if (c == ',') {
                return true;
            }
            if (c != close) {
                throw new IllegalArgumentException("',' or '" + close + "' expected at " + i);
            }
            return false;
        }

        void expect(char c) {
            if (peek() != c) {
                throw new IllegalArgumentException("'" + c + "' expected at " + i);
            }
            i++;
        }

        void end() {
            if (i < s.length() && !s.substring(i).isBlank()) {
                throw new IllegalArgumentException("data after the document");
            }
        }

        char peek() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            return s.charAt(i);
        }
    }
}
