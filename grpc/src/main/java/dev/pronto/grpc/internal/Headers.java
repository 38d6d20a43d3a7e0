package dev.pronto.grpc.internal;

import dev.pronto.core.Request;
import dev.pronto.core.Response;
import io.grpc.Metadata;
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

    private static final int KEY_CACHE_LIMIT = 512;
    private static final java.util.concurrent.ConcurrentHashMap<String, Metadata.Key<?>> KEYS =
            new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.function.Function<String, Metadata.Key<String>> ASCII =
            n -> Metadata.Key.of(n, Metadata.ASCII_STRING_MARSHALLER);
    private static final java.util.function.Function<String, Metadata.Key<byte[]>> BINARY =
            n -> Metadata.Key.of(n, Metadata.BINARY_BYTE_MARSHALLER);

    private Headers() {
    }

    /** The application's view of the request headers. */
    static Metadata read(Request req) {
        Metadata md = new Metadata();
        req.forEachHeader((name, value) -> add(md, name, value));
        return md;
    }

    private static void add(Metadata md, String name, String value) {
        String key = name.toLowerCase(java.util.Locale.ROOT);
        if (key.isEmpty() || key.charAt(0) == ':' || TRANSPORT.contains(key)) {
            return;
        }
        try {
            if (key.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
                Metadata.Key<byte[]> k = key(key, BINARY);
                for (String part : value.split(",")) {
                    md.put(k, Base64.getDecoder().decode(part.trim()));
                }
            } else {
                md.put(key(key, ASCII), value);
            }
        } catch (IllegalArgumentException malformed) {
            // a header grpc-java cannot represent (bad key characters, bad base64) is dropped, as its transports do
        }
    }

    /**
     * The key named {@code name}: creating one validates the name and allocates, on every call for
     * every header, so keys are cached; the cache stops growing at {@link #KEY_CACHE_LIMIT} names,
     * so clients sending ever new names cost time, never memory.
     */
    @SuppressWarnings("unchecked")
    private static <T> Metadata.Key<T> key(String name, java.util.function.Function<String, Metadata.Key<T>> create) {
        Metadata.Key<?> cached = KEYS.get(name);
        if (cached != null) {
            return (Metadata.Key<T>) cached;
        }
        Metadata.Key<T> key = create.apply(name);
        if (KEYS.size() < KEY_CACHE_LIMIT) {
            KEYS.putIfAbsent(name, key);
        }
        return key;
    }

    /** Writes {@code md} as headers (or, with {@code trailer}, as trailers) of {@code res}. */
    static void write(Metadata md, Response res, Target target) {
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
