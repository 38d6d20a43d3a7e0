package dev.pronto.grpc.internal;

import dev.pronto.core.Response;
import io.grpc.Metadata;
import io.netty.util.AsciiString;
import java.util.Base64;
import java.util.Set;

/**
 * Converts between HTTP/2 header fields and grpc-java {@link Metadata}. Binary keys
 * ({@code -bin}) travel base64-encoded; fields that belong to the transport (pseudo-headers,
 * content-type, te, grpc-timeout, grpc-encoding, ...) are not handed to the application, and the
 * application cannot send reserved ones.
 */
final class Headers {
    private static final Set<String> TRANSPORT = Set.of("content-type", "te", "grpc-timeout", "grpc-encoding",
            "grpc-accept-encoding", "content-length", "host", "connection", "transfer-encoding",
            "grpc-status", "grpc-message");

    /** The transport's fields, compared against the request's names without making Strings of them. */
    private static final AsciiString[] TRANSPORT_NAMES = TRANSPORT.stream().map(AsciiString::cached)
            .toArray(AsciiString[]::new);
    private static final int KEY_SLOTS = 64;
    /**
     * Recently seen keys by name hash. Creating a key validates its name and allocates, for every
     * header of every call, so keys are cached; the table has a fixed size (a client sending ever new
     * names costs time, never memory), and racing writers only replace an immutable key with another.
     */
    private static final Metadata.Key<?>[] KEYS = new Metadata.Key<?>[KEY_SLOTS];

    private Headers() {
    }

    /** Adds request header {@code name} to {@code md}, unless the transport owns it or grpc-java cannot represent it. */
    static void add(Metadata md, CharSequence name, CharSequence value) {
        if (name.length() == 0 || name.charAt(0) == ':' || transport(name)) {
            return;
        }
        try {
            Metadata.Key<?> key = key(name);
            if (key.name().endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
                @SuppressWarnings("unchecked")
                Metadata.Key<byte[]> k = (Metadata.Key<byte[]>) key;
                for (String part : value.toString().split(",")) {
                    md.put(k, Base64.getDecoder().decode(part.trim()));
                }
            } else {
                @SuppressWarnings("unchecked")
                Metadata.Key<String> k = (Metadata.Key<String>) key;
                md.put(k, value.toString());
            }
        } catch (IllegalArgumentException malformed) {
            // a header grpc-java cannot represent (bad key characters, bad base64) is dropped, as its transports do
        }
    }

    private static boolean transport(CharSequence name) {
        for (AsciiString t : TRANSPORT_NAMES) {
            if (t.length() == name.length() && t.contentEqualsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** The key named {@code name} (a view), from the cache or made (and cached) now. */
    private static Metadata.Key<?> key(CharSequence name) {
        int slot = AsciiString.hashCode(name) & (KEY_SLOTS - 1);
        Metadata.Key<?> cached = KEYS[slot];
        if (cached != null && AsciiString.contentEqualsIgnoreCase(cached.name(), name)) {
            return cached;
        }
        String lower = name.toString().toLowerCase(java.util.Locale.ROOT);
        Metadata.Key<?> key = lower.endsWith(Metadata.BINARY_HEADER_SUFFIX)
                ? Metadata.Key.of(lower, Metadata.BINARY_BYTE_MARSHALLER)
                : Metadata.Key.of(lower, Metadata.ASCII_STRING_MARSHALLER);
        KEYS[slot] = key;
        return key;
    }

    /** Writes {@code md} as headers (or, with {@code trailer}, as trailers) of {@code res}. */
    static void write(Metadata md, Response res, Target target) {
        if (md.keys().isEmpty()) {
            return;
        }
        for (String key : md.keys()) {
            if (TRANSPORT.contains(key)) {
                continue;
            }
            if (key.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
                for (byte[] v : md.getAll(Metadata.Key.of(key, Metadata.BINARY_BYTE_MARSHALLER))) {
                    target.put(res, key, Base64.getEncoder().withoutPadding().encodeToString(v));
                }
            } else {
                for (String v : md.getAll(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER))) {
                    target.put(res, key, v);
                }
            }
        }
    }

    /** Where metadata goes: the response head or its trailers. */
    enum Target {
        HEADERS, TRAILERS;

        void put(Response res, String name, String value) {
            if (this == HEADERS) {
                res.header(name, value);
            } else {
                res.trailer(name, value);
            }
        }
    }
}
