package dev.pronto.core.internal.exchange;

import dev.pronto.router.Method;

/** Maps method bytes to {@link Method} without creating a String. */
final class Methods {
    private Methods() {
    }

    static Method parse(byte[] b, int off, int len) {
        return switch (len) {
            case 3 -> is(b, off, "GET") ? Method.GET : is(b, off, "PUT") ? Method.PUT : null;
            case 4 -> is(b, off, "POST") ? Method.POST : is(b, off, "HEAD") ? Method.HEAD : null;
            case 5 -> is(b, off, "PATCH") ? Method.PATCH : is(b, off, "TRACE") ? Method.TRACE
                    : is(b, off, "QUERY") ? Method.QUERY : null;
            case 6 -> is(b, off, "DELETE") ? Method.DELETE : null;
            case 7 -> is(b, off, "OPTIONS") ? Method.OPTIONS : is(b, off, "CONNECT") ? Method.CONNECT : null;
            default -> null;
        };
    }

    private static boolean is(byte[] b, int off, String name) {
        for (int i = 0; i < name.length(); i++) {
            if (b[off + i] != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
