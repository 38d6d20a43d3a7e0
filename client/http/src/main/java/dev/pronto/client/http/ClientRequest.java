package dev.pronto.client.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Flow;

/**
 * An immutable outbound request: method, absolute http(s) URI, headers and an optional body.
 * The request line and headers are encoded once, at {@link Builder#build()}, so a request can be
 * sent many times (the zero-garbage path) and from any thread.
 *
 * <pre>{@code
 * ClientRequest get = ClientRequest.get("http://localhost:8080/users/1");
 * ClientRequest post = ClientRequest.builder().method("POST").uri("http://localhost:8080/users")
 *         .header("Content-Type", "application/json").body("{\"name\":\"Ada\"}").build();
 * }</pre>
 *
 * <p>{@code Host}, {@code Content-Length} and {@code Transfer-Encoding} are written by the client.
 * GET, HEAD, PUT, DELETE, OPTIONS and TRACE are idempotent: they may be pipelined and are retried
 * when a connection closes before answering. Other methods are sent alone on a connection and
 * never retried, unless the request is marked {@link Builder#idempotent()}.
 */
public final class ClientRequest {
    private final String method;
    private final String uriText;
    /** Parsed on first use when the fast path took the request apart (most requests never need it). */
    private volatile URI uri;
    private final String rawPath;
    private final String rawQuery;
    private final boolean https;
    private final String host;
    private final int port;
    private final byte[] head;
    private final List<String> headers;
    private final ByteBuf body;
    private final Flow.Publisher<ByteBuf> bodyStream;
    private final boolean idempotent;
    private final Duration timeout;

    private ClientRequest(Builder b, UriParts parts, URI uri) {
        this.method = b.method;
        this.uriText = b.uri;
        this.uri = uri;
        this.https = parts.https();
        this.host = parts.host();
        this.port = parts.port() > 0 ? parts.port() : https ? 443 : 80;
        this.rawPath = parts.rawPath();
        this.rawQuery = parts.rawQuery();
        this.headers = List.copyOf(b.headers);
        this.body = b.body;
        this.bodyStream = b.bodyStream;
        this.idempotent = b.idempotent || idempotentMethod(method);
        this.timeout = b.timeout;
        this.head = encodeHead();
    }

    /** A GET of {@code uri}; shortcut for {@code builder().uri(uri).build()}. */
    public static ClientRequest get(String uri) {
        return builder().uri(uri).build();
    }

    /** A builder of a GET without headers or body. */
    public static Builder builder() {
        return new Builder();
    }

    /** The method, upper case. */
    public String method() {
        return method;
    }

    /** The absolute URI. */
    public URI uri() {
        URI u = uri;
        if (u == null) {
            u = URI.create(uriText);
            uri = u;
        }
        return u;
    }

    /** Whether the scheme is https. */
    public boolean https() {
        return https;
    }

    /** The host of the URI. */
    public String host() {
        return host;
    }

    /** The port, defaulted from the scheme. */
    public int port() {
        return port;
    }

    /** Header names and values, alternating, as added. */
    public List<String> headers() {
        return headers;
    }

    /**
     * The fixed body, or null when there is none or it is streamed. The caller of
     * {@link Builder#body(ByteBuf)} owns this buffer; the client only reads it.
     */
    public ByteBuf body() {
        return body;
    }

    /** The streamed body, or null. */
    public Flow.Publisher<ByteBuf> bodyStream() {
        return bodyStream;
    }

    /** Whether the request may be pipelined behind others and retried. */
    public boolean idempotent() {
        return idempotent;
    }

    /** The per-request timeout, or null for {@link ClientConfig#requestTimeout()}. */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Writes the encoded request line and headers, without the blank line that ends the head, to
     * {@code out}; used by the client on every send. Does not allocate.
     */
    public void writeHead(ByteBuf out) {
        out.writeBytes(head);
    }

    /** The value of the first header named {@code name} (case-insensitive), or null. */
    public String header(String name) {
        for (int i = 0; i < headers.size(); i += 2) {
            if (headers.get(i).equalsIgnoreCase(name)) {
                return headers.get(i + 1);
            }
        }
        return null;
    }

    /** A builder preset with this request's method, URI, headers, body and flags. */
    public Builder toBuilder() {
        Builder b = new Builder().method(method).uri(uriText);
        b.headers.addAll(headers);
        b.body = body;
        b.bodyStream = bodyStream;
        b.idempotent = idempotent && !idempotentMethod(method);
        b.timeout = timeout;
        return b;
    }

    @Override
    public String toString() {
        return method + " " + uriText;
    }

    static boolean idempotentMethod(String method) {
        return switch (method) {
            case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE" -> true;
            default -> false;
        };
    }

    private byte[] encodeHead() {
        StringBuilder sb = new StringBuilder(128).append(method).append(' ');
        String path = rawPath;
        sb.append(path == null || path.isEmpty() ? "/" : path);
        if (rawQuery != null) {
            sb.append('?').append(rawQuery);
        }
        sb.append(" HTTP/1.1\r\n");
        if (header("host") == null) {
            boolean defaultPort = port == (https ? 443 : 80);
            String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
            sb.append("Host: ").append(h).append(defaultPort ? "" : ":" + port).append("\r\n");
        }
        for (int i = 0; i < headers.size(); i += 2) {
            sb.append(headers.get(i)).append(": ").append(headers.get(i + 1)).append("\r\n");
        }
        if (bodyStream != null) {
            sb.append("Transfer-Encoding: chunked\r\n");
        } else if (body != null || !method.equals("GET") && !method.equals("HEAD")) {
            sb.append("Content-Length: ").append(body == null ? 0 : body.readableBytes()).append("\r\n");
        }
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Fluent builder of a {@link ClientRequest}. Not thread-safe. */
    public static final class Builder {
        private String method = "GET";
        private String uri;
        private final List<String> headers = new ArrayList<>();
        private ByteBuf body;
        private Flow.Publisher<ByteBuf> bodyStream;
        private boolean idempotent;
        private Duration timeout;

        private Builder() {
        }

        /** Sets the method (a token such as GET or POST; upper-cased). */
        public Builder method(String value) {
            String m = knownMethod(Objects.requireNonNull(value, "value"));
            if (m == null) {
                m = value.toUpperCase(Locale.ROOT);
            }
            if (m.isEmpty() || !token(m)) {
                throw new IllegalArgumentException("method must be an HTTP token, got \"" + value + "\"");
            }
            method = m;
            return this;
        }

        /** Sets the absolute http or https URI. */
        public Builder uri(String value) {
            uri = Objects.requireNonNull(value, "value");
            return this;
        }

        /**
         * Adds a header. Host may be overridden; Content-Length and Transfer-Encoding are rejected
         * because the client derives them from the body.
         */
        public Builder header(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (name.equalsIgnoreCase("content-length") || name.equalsIgnoreCase("transfer-encoding")) {
                throw new IllegalArgumentException(name + " is set by the client from the body");
            }
            if (name.isEmpty() || !latin1Line(name) || !latin1Line(value)) {
                throw new IllegalArgumentException("header " + name + " has an empty name, CR, LF or non-Latin-1 text");
            }
            headers.add(name);
            headers.add(value);
            return this;
        }

        /** The method itself when it is one of the common upper-case ones (no copy, no check needed), else null. */
        private static String knownMethod(String m) {
            return switch (m) {
                case "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS" -> m;
                default -> null;
            };
        }

        private static boolean token(String m) {
            for (int i = 0; i < m.length(); i++) {
                char c = m.charAt(i);
                if (c <= ' ' || c >= 127 || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                    return false;
                }
            }
            return true;
        }

        private static boolean latin1Line(String s) {
            // a plain loop: proxies add several fields per request, a stream per field showed in profiles
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\r' || c == '\n' || c > 255) {
                    return false;
                }
            }
            return true;
        }

        /** Sets the body to a copy of {@code value}. */
        public Builder body(byte[] value) {
            return fixed(Unpooled.wrappedBuffer(value.clone()).asReadOnly());
        }

        /** Sets the body to {@code value} encoded as UTF-8. */
        public Builder body(String value) {
            return fixed(Unpooled.wrappedBuffer(value.getBytes(StandardCharsets.UTF_8)).asReadOnly());
        }

        /**
         * Sets the body to the readable bytes of {@code value} without copying. The caller keeps
         * ownership: the buffer must stay readable and unchanged until every send of this request
         * has completed, then the caller releases it.
         */
        public Builder body(ByteBuf value) {
            return fixed(Objects.requireNonNull(value, "value"));
        }

        /**
         * Streams the body with chunked encoding. The client subscribes once per send, requests
         * buffers as the connection can take them (backpressure) and releases each buffer after
         * writing it. A streamed request is never pipelined nor retried.
         */
        public Builder body(Flow.Publisher<ByteBuf> value) {
            bodyStream = Objects.requireNonNull(value, "value");
            body = null;
            return this;
        }

        /**
         * Sets the body to {@code form} and {@code Content-Type} to its type: a url-encoded form as a fixed body, a
         * multipart one streamed as {@link #body(Flow.Publisher)} does, its files read as the connection takes them.
         */
        public Builder body(FormBody form) {
            header("Content-Type", form.contentType());
            return form.fixed() != null ? body(form.fixed()) : body(form.publisher());
        }

        /** Marks a non-idempotent method as safe to pipeline and retry (the caller's promise). */
        public Builder idempotent() {
            idempotent = true;
            return this;
        }

        /** Overrides {@link ClientConfig#requestTimeout()} for this request. */
        public Builder timeout(Duration value) {
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, got " + value);
            }
            timeout = value;
            return this;
        }

        /**
         * Validates and builds.
         *
         * @throws IllegalArgumentException when the URI is not absolute http(s) with a host
         */
        public ClientRequest build() {
            if (uri == null) {
                throw new IllegalArgumentException("uri is required");
            }
            UriParts fast = UriParts.simple(uri);
            if (fast != null) {
                return new ClientRequest(this, fast, null);
            }
            URI parsed = URI.create(uri);
            String scheme = parsed.getScheme();
            if (!"http".equals(scheme) && !"https".equals(scheme) || parsed.getHost() == null) {
                throw new IllegalArgumentException("uri must be absolute http or https with a host, got " + uri);
            }
            return new ClientRequest(this, UriParts.of(parsed), parsed);
        }

        private Builder fixed(ByteBuf value) {
            body = value;
            bodyStream = null;
            return this;
        }
    }
}
