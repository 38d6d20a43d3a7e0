package dev.pronto.client.http.internal;

/** ASCII helpers over byte arrays, for header matching without decoding to strings. */
final class Ascii {
    private Ascii() {
    }

    static boolean equalsIgnoreCase(byte[] bytes, int start, CharSequence name) {
        for (int i = 0; i < name.length(); i++) {
            int a = bytes[start + i] & 0xff;
            int b = name.charAt(i);
            if (a != b && lower(a) != lower(b)) {
                return false;
            }
        }
        return true;
    }

    static int lower(int c) {
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    }
}
