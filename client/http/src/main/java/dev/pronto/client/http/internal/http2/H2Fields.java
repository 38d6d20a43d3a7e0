package dev.pronto.client.http.internal.http2;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.internal.DecodedResponse;
import dev.pronto.client.http.internal.RequestFields;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import java.util.Map;

/**
 * Converts between HTTP/2 header blocks and the client's request and response forms: a request's
 * fields become pseudo-headers plus lower-case fields without the connection-specific ones
 * (RFC 9113 §8.2.2); a response's fields are copied into {@link DecodedResponse}'s head array, so
 * both protocols share one response type.
 */
final class H2Fields {
    private static final AsciiString HTTP = AsciiString.cached("http");
    private static final AsciiString HTTPS = AsciiString.cached("https");
    private static final AsciiString ACCEPT_ENCODING = AsciiString.cached("accept-encoding");
    private static final AsciiString GZIP_DEFLATE = AsciiString.cached("gzip, deflate");

    private H2Fields() {
    }

    /** The header block of {@code r}; {@code acceptEncoding} adds the decompression offer. */
    static Http2Headers request(ClientRequest r, AcceptEncoding acceptEncoding) {
        Http2Headers h = new DefaultHttp2Headers(false, r.headers().size() / 2 + 6);
        h.method(r.method()).scheme(r.https() ? HTTPS : HTTP).authority(RequestFields.authority(r))
                .path(RequestFields.path(r));
        RequestFields.addFields(r, h);
        if (acceptEncoding == AcceptEncoding.ADD) {
            h.add(ACCEPT_ENCODING, GZIP_DEFLATE);
        }
        RequestFields.addContentLength(r, h);
        return h;
    }

    /** Whether a request adds {@code Accept-Encoding} for decompression. */
    enum AcceptEncoding { ADD, AS_SET }

    /** The {@code :status} of a response head, or -1 when it is missing or not a status code. */
    static int status(Http2Headers h) {
        return RequestFields.status(h.status());
    }

    /** Copies the regular fields of {@code h} into {@code resp}'s head array, in order. */
    static void fill(DecodedResponse resp, Http2Headers h) {
        int pos = 0;
        for (Map.Entry<CharSequence, CharSequence> field : h) {
            CharSequence name = field.getKey();
            if (name.isEmpty() || name.charAt(0) == ':') {
                continue;
            }
            CharSequence value = field.getValue();
            int need = pos + name.length() + value.length();
            byte[] head = resp.headRoom(need);
            int valueStart = copy(name, head, pos);
            int end = copy(value, head, valueStart);
            resp.addField(pos, valueStart, valueStart, end);
            pos = end;
        }
        resp.headLength(pos);
    }

    private static int copy(CharSequence s, byte[] to, int at) {
        int n = s.length();
        if (s instanceof AsciiString a) {
            a.copy(0, to, at, n);
        } else {
            for (int i = 0; i < n; i++) {
                to[at + i] = (byte) s.charAt(i);
            }
        }
        return at + n;
    }
}
