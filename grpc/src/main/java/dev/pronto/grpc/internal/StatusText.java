package dev.pronto.grpc.internal;

import java.nio.charset.StandardCharsets;

/**
 * The percent-encoding of {@code grpc-message} (gRPC over HTTP/2 spec): printable ASCII except
 * {@code %} travels as is, every other UTF-8 byte as {@code %XX}. Decoding is lenient, as the spec
 * asks: a malformed escape is kept literally.
 */
final class StatusText {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private StatusText() {
    }

    static String encode(String text) {
        if (plain(text)) {
            return text;
        }
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(utf8.length * 3);
        for (byte b : utf8) {
            int c = b & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '%') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return out.toString();
    }

    private static boolean plain(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c >= 0x7F || c == '%') {
                return false;
            }
        }
        return true;
    }
}
