package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ResponseBody;
import dev.pronto.core.internal.exchange.ResponseHeaders;
import dev.pronto.core.internal.exchange.ServerResponse;
import dev.pronto.core.internal.exchange.Status;
import dev.pronto.core.internal.util.DateHeader;
import dev.pronto.wire.Ascii;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.ReadOnlyHttp2Headers;
import io.netty.util.AsciiString;

/**
 * Builds the HTTP/2 header block of a response from the protocol-neutral status and fields of an
 * exchange: lower-case names, no connection-specific fields (HTTP/2 forbids them), Content-Length
 * when known, Date. The block is a flat read-only array: the fields were validated when the handler
 * set them, and the HPACK encoder only iterates them, so a hashed, re-validating header map would
 * be work for nothing.
 */
final class H2Responses {
    private static final AsciiString[] STATUS = new AsciiString[600];
    /** Content-Length values up to a few KiB, the lengths most responses have. */
    private static final AsciiString[] LENGTHS = new AsciiString[4096];
    static final AsciiString DATE = AsciiString.cached("date");
    static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
    static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");
    private static final AsciiString TEXT = AsciiString.cached(ServerResponse.TEXT);
    private static final AsciiString JSON = AsciiString.cached(ServerResponse.JSON);
    private static final AsciiString BYTES = AsciiString.cached(ServerResponse.BYTES);

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

    /**
     * The header block for {@code e}'s whole response, its body described by {@code e}'s
     * {@link ResponseBody}; with {@code trailers} (non-null) it announces no Content-Length.
     */
    static Http2Headers headers(Exchange e, AsciiString[] trailers) {
        return ReadOnlyHttp2Headers.serverHeaders(false, STATUS[e.response.status()], fields(e, trailers));
    }

    /** The regular fields of that block, as name/value pairs. */
    static AsciiString[] fields(Exchange e, AsciiString[] trailers) {
        ResponseBody body = e.response.body();
        // a client may stop reading at Content-Length and miss the trailers (curl does: gRPC's status)
        return fields(e, trailers != null ? -1 : body.length(), body.defaultType());
    }

    /** The header block for {@code e}'s response with a body of {@code length} bytes (-1: streamed). */
    static Http2Headers headers(Exchange e, long length, CharSequence defaultType) {
        return ReadOnlyHttp2Headers.serverHeaders(false, STATUS[e.response.status()], fields(e, length, defaultType));
    }

    /** The regular fields of that block, as name/value pairs (the status is the response's). */
    static AsciiString[] fields(Exchange e, long length, CharSequence defaultType) {
        ServerResponse res = e.response;
        ResponseHeaders fields = res.headers();
        int status = res.status();
        AsciiString[] block = new AsciiString[6 + fields.count() * 2];
        int n = 0;
        boolean bodiless = Status.bodiless(status);
        CharSequence type = fields.contentType() != null ? fields.contentType() : defaultType;
        if (type != null && length != 0 && !bodiless) {
            block[n++] = CONTENT_TYPE;
            block[n++] = ascii(type);
        }
        if (length >= 0 && !bodiless) {
            block[n++] = CONTENT_LENGTH;
            block[n++] = length < LENGTHS.length ? LENGTHS[(int) length] : AsciiString.of(Long.toString(length));
        }
        block[n++] = DATE;
        block[n++] = DateHeader.value();
        n = copyFields(fields, block, n);
        return trim(block, n);
    }

    /** The trailing header block of {@code e}'s response, or null when it has no trailers; seals them. */
    static Http2Headers trailers(Exchange e) {
        return trailers(trailerFields(e));
    }

    /** {@code fields} (from {@link #trailerFields}) as a header block for Netty's encoder, or null. */
    static Http2Headers trailers(AsciiString[] fields) {
        return fields == null ? null : ReadOnlyHttp2Headers.trailers(false, fields);
    }

    /** The name/value pairs of {@code e}'s trailers, or null when it has none; seals them. */
    static AsciiString[] trailerFields(Exchange e) {
        ResponseHeaders fields = e.response.sealTrailers();
        if (fields == null) {
            return null;
        }
        AsciiString[] block = new AsciiString[fields.count() * 2];
        int n = copyFields(fields, block, 0);
        return trim(block, n);
    }

    /** Copies the handler's fields from index {@code n} on, lower-cased; returns the next free index. */
    private static int copyFields(ResponseHeaders fields, AsciiString[] block, int n) {
        for (int i = 0; i < fields.count(); i++) {
            CharSequence name = fields.name(i);
            if (!connectionSpecific(name)) {
                block[n++] = AsciiString.of(name).toLowerCase();
                block[n++] = AsciiString.of(fields.value(i));
            }
        }
        return n;
    }

    /** The media types the server itself uses are cached; others are converted once per response. */
    private static AsciiString ascii(CharSequence type) {
        if (type == ServerResponse.TEXT) {
            return TEXT;
        }
        if (type == ServerResponse.JSON) {
            return JSON;
        }
        return type == ServerResponse.BYTES ? BYTES : AsciiString.of(type);
    }

    private static AsciiString[] trim(AsciiString[] block, int n) {
        return n == block.length ? block : java.util.Arrays.copyOf(block, n);
    }

    private static boolean connectionSpecific(CharSequence name) {
        return Ascii.equalsIgnoreCase(name, "connection") || Ascii.equalsIgnoreCase(name, "keep-alive")
                || Ascii.equalsIgnoreCase(name, "proxy-connection") || Ascii.equalsIgnoreCase(name, "upgrade")
                || Ascii.equalsIgnoreCase(name, "transfer-encoding");
    }
}
