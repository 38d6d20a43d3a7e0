package dev.pronto.core.internal;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * Builds the HTTP/2 header block of a response from the protocol-neutral status and fields of an
 * exchange: lower-case names, no connection-specific fields (HTTP/2 forbids them), Content-Length
 * when known, Date.
 */
final class H2Responses {
    private static final AsciiString[] STATUS = new AsciiString[600];
    /** Content-Length values up to a few KiB, the lengths most responses have. */
    private static final AsciiString[] LENGTHS = new AsciiString[4096];
    private static final AsciiString DATE = AsciiString.cached("date");
    private static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");

    static {
        for (int i = 100; i < 600; i++) {
            STATUS[i] = AsciiString.of(Integer.toString(i));
        }
        for (int i = 0; i < LENGTHS.length; i++) {
            LENGTHS[i] = AsciiString.of(Integer.toString(i));
        }
    }

    private H2Responses() {
    }

    /** The header block for {@code e}'s response with a body of {@code length} bytes (-1: streamed). */
    static Http2Headers headers(Exchange e, long length, CharSequence defaultType) {
        ServerResponse res = e.response;
        ResponseHeaders fields = res.headers();
        int status = res.status();
        Http2Headers h = new DefaultHttp2Headers(false, fields.count() + 4);
        h.status(STATUS[status]);
        boolean bodiless = Status.bodiless(status);
        CharSequence type = fields.contentType() != null ? fields.contentType() : defaultType;
        if (type != null && length != 0 && !bodiless) {
            h.add(CONTENT_TYPE, type);
        }
        if (length >= 0 && !bodiless) {
            if (length < LENGTHS.length) {
                h.add(CONTENT_LENGTH, LENGTHS[(int) length]);
            } else {
                h.addLong(CONTENT_LENGTH, length);
            }
        }
        h.add(DATE, DateHeader.value());
        for (int i = 0; i < fields.count(); i++) {
            CharSequence name = fields.name(i);
            if (!connectionSpecific(name)) {
                h.add(AsciiString.of(name).toLowerCase(), fields.value(i));
            }
        }
        return h;
    }

    /** The trailing header block of {@code e}'s response, or null when it has no trailers; seals them. */
    static Http2Headers trailers(Exchange e) {
        ResponseHeaders fields = e.response.sealTrailers();
        if (fields == null) {
            return null;
        }
        Http2Headers h = new DefaultHttp2Headers(false, fields.count());
        for (int i = 0; i < fields.count(); i++) {
            CharSequence name = fields.name(i);
            if (!connectionSpecific(name)) {
                h.add(AsciiString.of(name).toLowerCase(), fields.value(i));
            }
        }
        return h;
    }

    private static boolean connectionSpecific(CharSequence name) {
        return Ascii.equalsIgnoreCase(name, "connection") || Ascii.equalsIgnoreCase(name, "keep-alive")
                || Ascii.equalsIgnoreCase(name, "proxy-connection") || Ascii.equalsIgnoreCase(name, "upgrade")
                || Ascii.equalsIgnoreCase(name, "transfer-encoding");
    }
}
