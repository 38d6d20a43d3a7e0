package dev.pronto.proxy;

import dev.pronto.proxy.internal.Member;
import dev.pronto.proxy.internal.Members;
import dev.pronto.proxy.internal.Policy;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Upstreams that share the load of a {@link Proxy}, with their clients, balancing, health checks
 * and ejection.
 *
 * <pre>{@code
 * UpstreamGroup backends = UpstreamGroup.builder()
 *     .upstream(Upstream.teleport("10.0.0.1", 8090)).upstream(Upstream.http("10.0.0.2", 8080))
 *     .balancing(Balancing.LEAST_PENDING).healthCheck("/health", Duration.ofSeconds(2))
 *     .build(server.eventLoopGroup());
 * }</pre>
 *
 * <p>Threading: the clients run on the event loops given to {@link Builder#build}, normally the
 * server's, so a proxied request never changes thread. {@link #close()} closes the clients and
 * stops the checks; call it after the server stopped.
 */
public final class UpstreamGroup implements AutoCloseable {
    /** Default bound of requests waiting for an upstream's free slot: 16384. */
    public static final int DEFAULT_MAX_WAITING = 16_384;

    private final Members members;

    private UpstreamGroup(Members members) {
        this.members = members;
    }

    /**
     * A builder with round-robin balancing, ejection after 3 connection failures for 10 s, 1 retry, no
     * health check, and up to {@link #DEFAULT_MAX_WAITING} requests waiting for a free upstream.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** The upstreams, in declaration order. */
    public List<Upstream> upstreams() {
        return members.all().stream().map(Member::upstream).toList();
    }

    /** Whether {@code upstream} (one of {@link #upstreams()}) currently serves: healthy and not ejected. */
    public boolean serving(Upstream upstream) {
        return members.all().stream().anyMatch(m -> m.upstream() == upstream && m.serving());
    }

    /** Requests now waiting for a free slot of an upstream (every serving upstream at its {@code maxPending}). */
    public int waiting() {
        return members.waiting();
    }

    Members members() {
        return members;
    }

    /** Stops the health checks and closes the clients (requests in flight fail). */
    @Override
    public void close() {
        members.close();
    }

    /** Fluent builder of an {@link UpstreamGroup}. Not thread-safe. */
    public static final class Builder {
        private final List<Upstream> upstreams = new ArrayList<>();
        private Balancing balancing = Balancing.ROUND_ROBIN;
        private int ejectAfter = 3;
        private Duration cooldown = Duration.ofSeconds(10);
        private int retries = 1;
        private String healthPath;
        private Duration healthInterval = Duration.ofSeconds(5);
        private int maxWaiting = DEFAULT_MAX_WAITING;

        private Builder() {
        }

        /** Adds an upstream. */
        public Builder upstream(Upstream value) {
            upstreams.add(Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Sets the balancing. */
        public Builder balancing(Balancing value) {
            balancing = Objects.requireNonNull(value, "value");
            return this;
        }

        /**
         * Leaves an upstream out for {@code cooldown} after {@code failures} connection failures in a row
         * (connect refused or failed, or the connection closed before the answer). Timeouts do not count:
         * a slow upstream is answered 504 per request and keeps serving.
         */
        public Builder ejectAfter(int failures, Duration cooldown) {
            if (failures < 1) {
                throw new IllegalArgumentException("failures must be at least 1, got " + failures);
            }
            this.ejectAfter = failures;
            this.cooldown = Objects.requireNonNull(cooldown, "cooldown");
            return this;
        }

        /** Further tries, on other upstreams, of an idempotent request whose upstream could not be reached (0..10). */
        public Builder retries(int value) {
            if (value < 0 || value > 10) {
                throw new IllegalArgumentException("retries must be in 0..10, got " + value);
            }
            retries = value;
            return this;
        }

        /**
         * How many requests may wait, first come first served, for a free slot when every serving upstream
         * has {@code maxPending} requests in flight (0..1_000_000). Past it a request is answered 503 at once;
         * a request that waited longer than the upstream's timeout is answered 503 rather than sent. Each
         * waiting request holds its request (head and, for a route that forwards bodies whole, its body).
         */
        public Builder maxWaiting(int value) {
            if (value < 0 || value > 1_000_000) {
                throw new IllegalArgumentException("maxWaiting must be in 0..1000000, got " + value);
            }
            maxWaiting = value;
            return this;
        }

        /**
         * Checks every upstream with a GET of {@code path} every {@code interval}; non-2xx/3xx or no answer marks it down.
         * The checks use a connection of their own per upstream, so they never wait behind forwarded requests.
         */
        public Builder healthCheck(String path, Duration interval) {
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("health check path must start with '/', got " + path);
            }
            if (interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException("health check interval must be positive, got " + interval);
            }
            healthPath = path;
            healthInterval = interval;
            return this;
        }

        /**
         * Builds the group with its clients on {@code loops} (typically {@code server.eventLoopGroup()}).
         *
         * @throws IllegalArgumentException when no upstream was added
         */
        public UpstreamGroup build(EventLoopGroup loops) {
            if (upstreams.isEmpty()) {
                throw new IllegalArgumentException("an upstream group needs at least one upstream");
            }
            Policy policy = new Policy(balancing, ejectAfter, cooldown, retries, healthPath, healthInterval, maxWaiting);
            return new UpstreamGroup(new Members(List.copyOf(upstreams), policy, Objects.requireNonNull(loops, "loops")));
        }
    }
}
