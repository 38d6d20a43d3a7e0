package dev.pronto.wire;

/**
 * Byte classes of RFC 9110/9112 and ASCII helpers that never allocate.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class Ascii {
    public static final byte CR = '\r';
    static final byte LF = '\n';
    public static final byte SP = ' ';
    static final byte HTAB = '\t';

    private static final boolean[] TCHAR = new boolean[256];
    private static final boolean[] FIELD_VALUE = new boolean[256];
    private static final boolean[] TARGET = new boolean[256];

    static {
        for (int c = '0'; c <= '9'; c++) {
            TCHAR[c] = true;
        }
        for (int c = 'a'; c <= 'z'; c++) {
            TCHAR[c] = true;
            TCHAR[c - 32] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TCHAR[c] = true;
        }
        for (int c = 0x20; c < 256; c++) {
            FIELD_VALUE[c] = c != 0x7F;
        }
        FIELD_VALUE[HTAB] = true;
        for (int c = 0x21; c <= 0x7E; c++) {
            TARGET[c] = c != '#';
        }
    }

    private Ascii() {
    }

    public static boolean isTchar(byte b) {
        return TCHAR[b & 0xFF];
    }

    static boolean isFieldValue(byte b) {
        return FIELD_VALUE[b & 0xFF];
    }

    public static boolean isTarget(byte b) {
        return TARGET[b & 0xFF];
    }

    /** Whether {@code b} is an ASCII control other than HTAB (obs-text is not a control). */
    static boolean isControl(byte b) {
        return b >= 0 && b < SP && b != HTAB || b == 0x7F;
    }

    /** The value of a hexadecimal digit, or -1: only 0-9, a-f and A-F count. */
    public static int hex(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        int c = b | 0x20;
        return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    }

    public static int lower(int c) {
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    }

    /** Case-insensitive comparison of {@code b[off, off+len)} with an ASCII name. */
    public static boolean equalsIgnoreCase(byte[] b, int off, int len, CharSequence name) {
        if (len != name.length()) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (lower(b[off + i] & 0xFF) != lower(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Case-insensitive comparison against a lower-case ASCII constant. */
    public static boolean equalsLower(byte[] b, int off, int len, byte[] lowerName) {
        if (len != lowerName.length) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (lower(b[off + i]) != lowerName[i]) {
                return false;
            }
        }
        return true;
    }

    /** Case-insensitive comparison of two ASCII sequences. */
    public static boolean equalsIgnoreCase(CharSequence a, String b) {
        if (a.length() != b.length()) {
            return false;
        }
        for (int i = 0; i < b.length(); i++) {
            if (lower(a.charAt(i)) != lower(b.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    public static byte[] bytes(String ascii) {
        return ascii.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    public static String string(byte[] b, int off, int len) {
        return new String(b, off, len, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** At most a short excerpt of {@code b[off, off+len)}, for messages that quote what a peer sent. */
    public static String excerpt(byte[] b, int off, int len) {
        return Excerpt.of(string(b, off, Math.min(len, Excerpt.LENGTH + 1)));
    }

    /** Number of decimal digits of a non-negative value. */
    public static int digits(long v) {
        int n = 1;
        while (v >= 10) {
            v /= 10;
            n++;
        }
        return n;
    }
}
