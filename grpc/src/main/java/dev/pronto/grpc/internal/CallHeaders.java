package dev.pronto.grpc.internal;

import dev.pronto.core.Request;
import io.grpc.Metadata;
import io.netty.util.AsciiString;
import java.util.function.BiConsumer;

/**
 * One pass over a call's request headers, as zero-copy views: the fields the transport reads
 * (content-type, grpc-encoding, grpc-accept-encoding, grpc-timeout, host) are picked out, copied
 * only when present, and the others become the application's {@link Metadata}. Event loop, once
 * per call, before the request is handed on.
 */
final class CallHeaders implements BiConsumer<CharSequence, CharSequence> {
    private static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
    private static final AsciiString GRPC_ENCODING = AsciiString.cached("grpc-encoding");
    private static final AsciiString GRPC_ACCEPT_ENCODING = AsciiString.cached("grpc-accept-encoding");
    private static final AsciiString GRPC_TIMEOUT = AsciiString.cached("grpc-timeout");
    private static final AsciiString HOST = AsciiString.cached("host");
    private static final AsciiString GRPC_TYPE = AsciiString.cached("application/grpc");
    private static final AsciiString GZIP = AsciiString.cached("gzip");
    /** The last authority seen: most clients send the same one, which then needs no copy per call. */
    private static volatile String lastAuthority = "";

    /** The request read. */
    final Request request;
    final Metadata metadata = new Metadata();
    /** The content type is {@code application/grpc} or one of its {@code +format} variants. */
    boolean grpc;
    boolean acceptGzip;
    String encoding;
    String timeout;
    String authority;

    private CallHeaders(Request request) {
        this.request = request;
    }

    /** Reads {@code req}'s headers. */
    static CallHeaders read(Request req) {
        CallHeaders h = new CallHeaders(req);
        req.peekEachHeader(h);
        return h;
    }

    /** Whether {@code type} (a content-type value, or null) is gRPC's. */
    static boolean grpcType(CharSequence type) {
        return type != null && AsciiString.regionMatches(type, true, 0, GRPC_TYPE, 0, GRPC_TYPE.length());
    }

    @Override
    public void accept(CharSequence name, CharSequence value) {
        if (is(name, CONTENT_TYPE)) {
            grpc = grpcType(value);
        } else if (is(name, GRPC_ENCODING)) {
            encoding = value.toString();
        } else if (is(name, GRPC_ACCEPT_ENCODING)) {
            acceptGzip = AsciiString.indexOfIgnoreCaseAscii(value, GZIP, 0) >= 0;
        } else if (is(name, GRPC_TIMEOUT)) {
            timeout = value.toString();
        } else if (is(name, HOST)) {
            authority = authority(value);
        } else {
            Headers.add(metadata, name, value);
        }
    }

    private static boolean is(CharSequence name, AsciiString field) {
        return name.length() == field.length() && field.contentEqualsIgnoreCase(name);
    }

    private static String authority(CharSequence host) {
        String last = lastAuthority;
        if (last.contentEquals(host)) {
            return last;
        }
        String copy = host.toString();
        lastAuthority = copy;
        return copy;
    }
}
