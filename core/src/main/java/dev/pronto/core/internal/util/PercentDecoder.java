package dev.pronto.core.internal.util;

import dev.pronto.core.BadRequestException;
import dev.pronto.router.RouteMatch;

/**
 * The server's percent-decoding of request text (the path, path parameters, query parameters and
 * url-encoded form fields), on the one decoder, the router's {@link dev.pronto.router.PercentDecoder}
 * (UTF-8, raw non-ASCII bytes included): what is malformed there is a 400 here, naming what was
 * decoded. Error messages are built only for malformed input.
 */
public final class PercentDecoder {
    private PercentDecoder() {
    }

    /** Decodes a path: {@code +} stays {@code +}. */
    public static String path(byte[] b, int from, int to, String what) {
        String s = dev.pronto.router.PercentDecoder.path(b, from, to);
        return s != null ? s : malformed(what);
    }

    /** Decodes a query or form component: {@code +} is a space. */
    public static String query(byte[] b, int from, int to, String what) {
        String s = dev.pronto.router.PercentDecoder.query(b, from, to);
        return s != null ? s : malformed(what);
    }

    /** Decodes the value of query parameter {@code name}: {@code +} is a space. */
    public static String queryValue(byte[] b, int from, int to, String name) {
        String s = dev.pronto.router.PercentDecoder.query(b, from, to);
        return s != null ? s : malformed("query parameter '" + name + "'");
    }

    /**
     * Decodes path parameter {@code i} of {@code match}, whose path is a view of the request bytes: read
     * as bytes, since a char per byte would take raw UTF-8 for ISO-8859-1.
     */
    public static String param(RouteMatch<?> match, int i) {
        if (!(match.path() instanceof AsciiView view)) {
            return match.param(i);
        }
        int from = view.offset() + match.paramStart(i);
        String s = dev.pronto.router.PercentDecoder.path(view.array(), from, view.offset() + match.paramEnd(i));
        return s != null ? s : malformed("path parameter '" + match.paramName(i) + "'");
    }

    private static String malformed(String what) {
        throw new BadRequestException("Malformed percent-encoding or UTF-8 in " + what
                + ": use %XX with two hex digits and encode text as UTF-8");
    }
}
