package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ResponseHeaders;
import dev.pronto.core.internal.exchange.ServerResponse;
import dev.pronto.core.internal.exchange.Status;
import dev.pronto.core.internal.util.DateHeader;
import dev.pronto.wire.Ascii;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.util.AsciiString;

/**
 * Builds the HTTP/3 field sections of a response from the protocol-neutral status and fields of an
 * exchange: lower-case names, no connection-specific fields (RFC 9114 §4.2 forbids them), Content-Length
 * when known, Date; and its trailers. Headers are not re-validated: the handler's fields were checked
 * when it set them.
 */
final class H3Responses {
    private static final AsciiString[] STATUS = new AsciiString[600];
    private static final AsciiString DATE = AsciiString.cached("date");
    private static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");

    static {
        for (int i = 100; i < 600; i++) {
            STATUS[i] = AsciiString.of(Integer.toString(i));
        }
    }

    private H3Responses() {
    }

    /** The HEADERS of {@code e}'s response with a body of {@code length} bytes (-1: streamed or with trailers). */
    static Http3Headers headers(Exchange e, long length, CharSequence defaultType) {
        ServerResponse res = e.response;
        ResponseHeaders fields = res.headers();
        int status = res.status();
        Http3Headers h = new DefaultHttp3Headers(false, 8 + fields.count());
        h.status(STATUS[status]);
        boolean bodiless = Status.bodiless(status);
        CharSequence type = fields.contentType() != null ? fields.contentType() : defaultType;
        if (type != null && length != 0 && !bodiless) {
            h.add(CONTENT_TYPE, type);
        }
        if (length >= 0 && !bodiless) {
            h.addLong(CONTENT_LENGTH, length);
        }
        h.add(DATE, DateHeader.value());
        copy(fields, h);
        return h;
    }

    /** The trailing field section of {@code e}'s response, or null when it has none; seals the trailers. */
    static Http3Headers trailers(Exchange e) {
        ResponseHeaders fields = e.response.sealTrailers();
        if (fields == null) {
            return null;
        }
        Http3Headers h = new DefaultHttp3Headers(false, fields.count());
        copy(fields, h);
        return h;
    }

    private static void copy(ResponseHeaders fields, Http3Headers h) {
        for (int i = 0; i < fields.count(); i++) {
            CharSequence name = fields.name(i);
            if (!connectionSpecific(name)) {
                h.add(AsciiString.of(name).toLowerCase(), fields.value(i));
            }
        }
    }

    private static boolean connectionSpecific(CharSequence name) {
        return Ascii.equalsIgnoreCase(name, "connection") || Ascii.equalsIgnoreCase(name, "keep-alive")
                || Ascii.equalsIgnoreCase(name, "proxy-connection") || Ascii.equalsIgnoreCase(name, "upgrade")
                || Ascii.equalsIgnoreCase(name, "transfer-encoding");
    }
}
