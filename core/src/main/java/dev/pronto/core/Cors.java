package dev.pronto.core;

import dev.pronto.core.internal.web.CorsHooks;
import dev.pronto.core.internal.web.CorsPolicy;
import dev.pronto.core.internal.web.OriginPattern;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Cross-origin resource sharing (the Fetch standard's CORS protocol) for a route group, as a plugin:
 * {@code r.group("/api", g -> g.register(Cors.builder().allowOrigins("https://app.example").build()))}.
 *
 * <p>Preflights ({@code OPTIONS} with {@code Origin} and {@code Access-Control-Request-Method}) to any
 * path under the group are answered before routing, so they never reach a handler, a group hook
 * (authentication) or an OPTIONS route: 204 with the grant, or, when the origin, method or a
 * requested header is not allowed, 403 without any CORS field (the answer the Fetch standard suggests
 * for a refusal). Every other response under the group, errors included, carries
 * {@code Access-Control-Allow-Origin} (and {@code -Credentials}, {@code -Expose-Headers}) when the
 * origin is allowed, and {@code Vary: Origin} whenever the answer depends on it. A request from an
 * origin that is not allowed still runs and gets no CORS field: browsers enforce CORS, so the page
 * cannot read the answer; protect state-changing routes by other means.
 *
 * <p>{@code *} is never sent with credentials: the request's origin is reflected instead. The opaque
 * origin {@code null} is allowed only when listed as {@code "null"}. Where groups with policies nest,
 * the innermost one applies. Immutable; one instance may serve several servers.
 */
public final class Cors implements Consumer<Routes> {
    private final Builder b;

    private Cors(Builder b) {
        this.b = b;
    }

    /** A builder; at least one origin must be allowed. */
    public static Builder builder() {
        return new Builder();
    }

    /** Installs the policy for every path under the group it is registered in. */
    @Override
    public void accept(Routes routes) {
        List<String> exact = new ArrayList<>();
        List<OriginPattern> patterns = new ArrayList<>();
        boolean any = false;
        for (String o : b.origins) {
            if (o.equals("*")) {
                any = true;
            } else if (o.contains("*")) {
                patterns.add(OriginPattern.parse(o));
            } else {
                exact.add(o);
            }
        }
        CorsHooks.install(routes, new CorsPolicy(routes.prefix(), exact, patterns, any, b.credentials,
                b.methods, b.methods.contains("*"), b.headers, b.headers.contains("*"),
                b.exposed.isEmpty() ? null : String.join(", ", b.exposed),
                b.maxAge == null ? null : Long.toString(b.maxAge.toSeconds())));
    }

    /** Builds a {@link Cors} policy; not thread-safe. */
    public static final class Builder {
        private final List<String> origins = new ArrayList<>();
        private List<String> methods = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE");
        private List<String> headers = List.of("*");
        private List<String> exposed = List.of();
        private boolean credentials;
        private Duration maxAge = Duration.ofMinutes(10);

        private Builder() {
        }

        /**
         * Adds allowed origins: exact ({@code https://app.example}, {@code http://localhost:5173}),
         * wildcard hosts ({@code https://*.example.org}: any subdomain, same scheme and port), {@code *}
         * for any origin, or {@code "null"} for the opaque origin.
         *
         * @throws IllegalArgumentException naming the value, for a path, a misplaced {@code *} or no scheme
         */
        public Builder allowOrigins(String... values) {
            for (String v : values) {
                String o = Objects.requireNonNull(v, "origin").toLowerCase(Locale.ROOT);
                if (o.contains("*") && !o.equals("*")) {
                    OriginPattern.parse(o);
                } else if (!o.equals("*") && !o.equals("null")
                        && (!o.contains("://") || o.indexOf('/', o.indexOf("://") + 3) >= 0 || o.endsWith("://"))) {
                    throw new IllegalArgumentException("allowOrigins: an origin is scheme://host[:port], got '" + v + "'");
                }
                origins.add(o);
            }
            return this;
        }

        /**
         * The methods preflights may ask for (default GET, HEAD, POST, PUT, PATCH, DELETE); {@code *} for
         * any. The CORS-safelisted GET, HEAD and POST are always granted.
         */
        public Builder allowMethods(String... values) {
            methods = List.of(values);
            return this;
        }

        /**
         * The request headers preflights may ask for, matched case-insensitively; default {@code *}: any
         * but {@code Authorization}, which (as in the Fetch standard) must be listed by name.
         */
        public Builder allowHeaders(String... values) {
            headers = List.of(values).stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
            return this;
        }

        /** Response headers beyond the CORS-safelisted ones that scripts may read (default none). */
        public Builder exposeHeaders(String... values) {
            exposed = List.of(values);
            return this;
        }

        /** Lets credentialed requests (cookies, {@code Authorization}) read responses; off by default. */
        public Builder allowCredentials() {
            credentials = true;
            return this;
        }

        /** How long browsers may cache a preflight's grant (default 10 minutes); null sends no Max-Age. */
        public Builder maxAge(Duration value) {
            if (value != null && value.isNegative()) {
                throw new IllegalArgumentException("maxAge must not be negative, got " + value);
            }
            maxAge = value;
            return this;
        }

        /**
         * The policy.
         *
         * @throws IllegalArgumentException without any origin, or when credentials meet {@code *} in
         *     {@link #exposeHeaders} (browsers read it literally then)
         */
        public Cors build() {
            if (origins.isEmpty()) {
                throw new IllegalArgumentException("Cors: allowOrigins is empty; name at least one origin (or \"*\")");
            }
            if (credentials && exposed.contains("*")) {
                throw new IllegalArgumentException("Cors: exposeHeaders '*' is a literal name with allowCredentials; list the headers");
            }
            Builder copy = new Builder();
            copy.origins.addAll(origins);
            copy.methods = methods;
            copy.headers = headers;
            copy.exposed = exposed;
            copy.credentials = credentials;
            copy.maxAge = maxAge;
            return new Cors(copy);
        }
    }
}
