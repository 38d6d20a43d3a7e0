package dev.pronto.core;

import dev.pronto.core.internal.exchange.Problems;
import dev.pronto.core.internal.web.RateKeys;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * A token-bucket rate limit for a route group, as a request hook:
 * {@code r.group("/api", g -> g.onRequest(RateLimit.builder(100, Duration.ofSeconds(1)).build()))}.
 *
 * <p>Each key (by default the client's address: IPv4 address or IPv6 /64 network) gets
 * {@code permits} per {@code window}, refilled continuously, with at most {@code burst} at once
 * (default {@code permits}); the in-memory store counts in microseconds, so a key gets at most one
 * permit per microsecond. A request beyond it gets 429 with {@code Retry-After} (seconds) and the
 * fields of draft-ietf-httpapi-ratelimit-headers-10: {@code RateLimit-Policy: "default";q=100;w=1}
 * and {@code RateLimit: "default";r=0;t=1}; the body is the server's error format (text, or
 * problem+json with {@link ErrorFormat#PROBLEM_JSON}). The 429 is sent by the hook, so group error
 * handlers do not see it. Allowed responses carry {@code RateLimit-Policy}, and {@code RateLimit} with
 * {@link Builder#reportRemaining()}.
 *
 * <p>To key by the authenticated principal, register it after the hook that sets it (as a
 * {@code preHandler} when authentication is an {@code onRequest} hook) with
 * {@link Builder#key(Function)}. Thread-safe and lock-free; with the in-memory store and the address
 * key, a request allocates nothing.
 */
public final class RateLimit implements RequestHook {
    private final RateLimitStore store;
    private final RateLimitStore.Rate rate;
    private final Function<Request, String> key;
    private final String header;
    private final String name;
    private final String policy;
    private final boolean report;
    private final LongSupplier clock;

    private RateLimit(Builder b) {
        this.store = b.store != null ? b.store : RateLimitStore.inMemory(b.maxKeys);
        this.rate = new RateLimitStore.Rate(b.burst, Math.ceilDiv(b.window.toNanos(), b.permits));
        if (Math.ceilDiv(rate.intervalNanos(), 1000) > (1L << 42) / b.burst) {
            throw new IllegalArgumentException("burst x window / permits must stay under 50 days, got burst " + b.burst
                    + " and window " + b.window + " for " + b.permits + " permits");
        }
        this.key = b.key;
        this.header = b.header;
        this.name = b.name;
        this.policy = "\"" + b.name + "\";q=" + b.permits + ";w=" + b.window.toSeconds();
        this.report = b.report;
        this.clock = b.clock;
    }

    /**
     * A builder for {@code permits} per {@code window} per key.
     *
     * @param permits at least 1
     * @param window whole seconds, at least one (the draft's {@code w} is in seconds)
     */
    public static Builder builder(long permits, Duration window) {
        return new Builder(permits, window);
    }

    /** Takes a permit for the request's key, or answers 429. Event loop or virtual thread. */
    @Override
    public void handle(Request req, Response res) {
        CharSequence named = named(req);
        verdict(req, res, store.take(hash(req, named), text(req, named), rate, clock.getAsLong()));
    }

    /**
     * This limit as an asynchronous hook, for a store whose {@link RateLimitStore#takeLater} asks a
     * server (Redis): {@code g.onRequestAsync(limit.async())}. The request waits for the store's
     * answer without holding its event loop; a failed answer is mapped like a hook's exception (500).
     */
    public RequestHook.AsyncHook async() {
        return (req, res) -> {
            CharSequence named = named(req);
            return store.takeLater(hash(req, named), text(req, named), rate, clock.getAsLong())
                    .thenAccept(left -> verdict(req, res, left));
        };
    }

    private CharSequence named(Request req) {
        return header != null ? req.peekHeader(header) : key != null ? key.apply(req) : null;
    }

    private static long hash(Request req, CharSequence named) {
        return named != null ? RateKeys.text(named) : RateKeys.address(req.remoteAddress());
    }

    private String text(Request req, CharSequence named) {
        if (!store.needsKeyText()) {
            return null;
        }
        return name + ":" + (named != null ? named : RateKeys.addressText(req.remoteAddress()));
    }

    private void verdict(Request req, Response res, long left) {
        res.header("RateLimit-Policy", policy);
        if (left >= 0) {
            if (report) {
                long refill = Math.ceilDiv((rate.burst() - left) * rate.intervalNanos(), 1_000_000_000L);
                res.header("RateLimit", "\"" + name + "\";r=" + left + ";t=" + refill);
            }
            return;
        }
        long seconds = Math.max(1, Math.ceilDiv(-left, 1_000_000_000L));
        res.header("Retry-After", Long.toString(seconds)).header("RateLimit", "\"" + name + "\";r=0;t=" + seconds);
        Problems.answer(req, res, 429, "Too Many Requests: rate limit \"" + name + "\" exceeded; retry in "
                + seconds + " s");
    }

    /** Builds a {@link RateLimit}; not thread-safe. */
    public static final class Builder {
        private final long permits;
        private final Duration window;
        private long burst;
        private Function<Request, String> key;
        private String header;
        private String name = "default";
        private RateLimitStore store;
        private int maxKeys = 65_536;
        private boolean report;
        private LongSupplier clock = System::nanoTime;

        private Builder(long permits, Duration window) {
            if (permits < 1) {
                throw new IllegalArgumentException("permits must be at least 1, got " + permits);
            }
            Objects.requireNonNull(window, "window");
            if (window.toSeconds() < 1 || window.toNanos() % 1_000_000_000L != 0) {
                throw new IllegalArgumentException("window must be whole seconds, at least 1, got " + window);
            }
            this.permits = permits;
            this.window = window;
            this.burst = permits;
        }

        /** The most permits a key may use at once (default: permits); smaller smooths bursts. */
        public Builder burst(long value) {
            if (value < 1) {
                throw new IllegalArgumentException("burst must be at least 1, got " + value);
            }
            burst = value;
            return this;
        }

        /** Keys requests by this header's value (an API key); requests without it by address. */
        public Builder keyByHeader(String value) {
            header = Objects.requireNonNull(value, "value");
            key = null;
            return this;
        }

        /**
         * Keys requests by {@code value} (say, the principal an authentication hook stored as a request
         * attribute); a null key falls back to the address. Called on the hook's thread; must not block.
         */
        public Builder key(Function<Request, String> value) {
            key = Objects.requireNonNull(value, "value");
            header = null;
            return this;
        }

        /** The policy's name in the RateLimit fields (default {@code default}); a token, e.g. {@code api}. */
        public Builder name(String value) {
            if (value == null || !value.matches("[A-Za-z][A-Za-z0-9_.-]{0,63}")) {
                throw new IllegalArgumentException("name must be a letter then letters, digits, _ . -, got '" + value + "'");
            }
            name = value;
            return this;
        }

        /** Where the buckets live (default {@link RateLimitStore#inMemory(int)} with {@link #maxKeys(int)}). */
        public Builder store(RateLimitStore value) {
            store = Objects.requireNonNull(value, "value");
            return this;
        }

        /** How many keys the default in-memory store tracks at once (default 65,536: 512 KiB). */
        public Builder maxKeys(int value) {
            if (value < 16 || value > 1 << 26) {
                throw new IllegalArgumentException("maxKeys must be in 16..67108864, got " + value);
            }
            maxKeys = value;
            return this;
        }

        /** Adds the {@code RateLimit} field (permits left) to allowed responses too; it costs a string each. */
        public Builder reportRemaining() {
            report = true;
            return this;
        }

        Builder clock(LongSupplier value) {
            clock = value;
            return this;
        }

        /** The limit. */
        public RateLimit build() {
            return new RateLimit(this);
        }
    }
}
