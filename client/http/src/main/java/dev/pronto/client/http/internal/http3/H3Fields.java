package dev.pronto.client.http.internal.http3;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.internal.RequestFields;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.util.AsciiString;

/**
 * A request's HTTP/3 field section (RFC 9114 §4.3): pseudo-fields, then the request's fields in lower
 * case without the connection-specific ones, which HTTP/3 forbids (§4.2).
 */
final class H3Fields {
    private static final AsciiString HTTPS = AsciiString.cached("https");

    private H3Fields() {
    }

    static Http3Headers request(ClientRequest r) {
        Http3Headers h = new DefaultHttp3Headers(false, r.headers().size() / 2 + 5);
        h.method(r.method()).scheme(HTTPS).authority(RequestFields.authority(r)).path(RequestFields.path(r));
        RequestFields.addFields(r, h);
        RequestFields.addContentLength(r, h);
        return h;
    }

    /** The status of a response head, or -1 when {@code :status} is missing or not three digits in 100..599. */
    static int status(Http3Headers h) {
        return RequestFields.status(h.status());
    }
}
