package dev.pronto.core.internal.http2;

import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * Netty's HPACK decoding (its limits, dynamic table and header validation) into one reused
 * {@link H2RequestHeaders} per connection instead of a new hashed {@code DefaultHttp2Headers} per
 * header block. Safe because every listener of the connection consumes a block before the next one
 * is decoded: {@link H2Inbound} copies requests into their exchange and ignores trailers.
 */
final class H2HeadersDecoder extends DefaultHttp2HeadersDecoder {
    private final H2RequestHeaders headers = new H2RequestHeaders();

    H2HeadersDecoder(long maxHeaderListSize) {
        super(true, maxHeaderListSize, -1);
    }

    @Override
    protected Http2Headers newHeaders() {
        return headers.reset();
    }
}
