package dev.pronto.core.internal.http3;

import dev.pronto.wire.Ascii;

/**
 * The field rules of RFC 9114 §4.2 and §4.3.1 that Netty's HTTP/3 codec leaves to the application, as
 * HTTP/2's codec enforces them: names are lower-case tokens, connection-specific fields are malformed,
 * values carry no control byte but HTAB and no SP or HTAB at either end (RFC 9110 §5.5), and
 * {@code :authority} and {@code :path} are not empty. A request breaking one is a stream error
 * H3_MESSAGE_ERROR. Stateless; allocates nothing.
 */
final class H3FieldRules {
    private H3FieldRules() {
    }

    /** Whether the field {@code name: value} may appear in a request ({@code pseudo}: name starts with ':'). */
    static boolean valid(CharSequence name, CharSequence value, boolean pseudo) {
        if (!validValue(value)) {
            return false;
        }
        if (pseudo) {
            // §4.3.1: for http and https, :authority (or Host) and :path must not be empty
            return value.length() > 0 || !(Ascii.equalsIgnoreCase(name, ":authority")
                    || Ascii.equalsIgnoreCase(name, ":path"));
        }
        return validName(name) && !connectionSpecific(name);
    }

    private static boolean validName(CharSequence name) {
        int n = name.length();
        if (n == 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            // RFC 9110 §5.6.2 token characters, upper case excluded (§4.2: it makes the message malformed)
            boolean ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c > ' ' && c < 0x7f
                    && "!#$%&'*+-.^_`|~".indexOf(c) >= 0);
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean validValue(CharSequence value) {
        int n = value.length();
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if ((c < ' ' && c != '\t') || c == 0x7f) {
                return false;
            }
        }
        return n == 0 || !(blank(value.charAt(0)) || blank(value.charAt(n - 1)));
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t';
    }

    private static boolean connectionSpecific(CharSequence name) {
        return Ascii.equalsIgnoreCase(name, "connection") || Ascii.equalsIgnoreCase(name, "keep-alive")
                || Ascii.equalsIgnoreCase(name, "proxy-connection") || Ascii.equalsIgnoreCase(name, "upgrade")
                || Ascii.equalsIgnoreCase(name, "transfer-encoding");
    }
}
