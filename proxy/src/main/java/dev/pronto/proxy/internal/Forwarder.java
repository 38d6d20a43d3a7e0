package dev.pronto.proxy.internal;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.client.http.PendingLimitException;
import dev.pronto.client.http.RequestTimeoutException;
import dev.pronto.client.http.ResponseListener;
import dev.pronto.core.HttpException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.proxy.HostHeader;
import dev.pronto.router.Method;
import java.util.concurrent.CompletionException;

/**
 * Forwards one request: picks a member, sends, and answers with the upstream's response or with a
 * plain 502 (unreachable, closed, malformed), 503 (no member serves, or too many requests wait for
 * one: see {@link Members}) or 504 (timeout) naming the upstream. An idempotent request whose upstream could not be reached (connect failure, or the
 * connection closed before the answer) is tried again on another member, up to the policy's
 * retries. Connection failures count towards a member's ejection; timeouts do not. Internal: not API.
 */
public final class Forwarder {
    private Forwarder() {
    }

    /**
     * What every request of one proxy route shares.
     *
     * @param members the upstream group's members
     * @param host which Host the upstream request carries
     * @param via this proxy's Via entry
     */
    public record Route(Members members, HostHeader host, String via) {
    }

    /** Forwards {@code req} through {@code route}'s members; answers {@code res} later. */
    public static void forward(Request req, Response res, Route route) {
        new Call(req, res.async(), route).attempt(null);
    }

    /**
     * One forwarded request. It is also the listener of its current attempt, on the zero-garbage
     * listener path: the pooled response is copied to the client's response during the callback
     * (head fields copied, body retained), so one object per request, no future and no detached
     * response. Attempts run one at a time, so {@code member} and {@code tries} need no guard.
     */
    private static final class Call implements ResponseListener, Waiter {
        private final Request req;
        private final Response res;
        private final Route route;
        private Member member;
        private int tries;

        Call(Request req, Response res, Route route) {
            this.req = req;
            this.res = res;
            this.route = route;
        }

        void attempt(Member previous) {
            route.members().admit(this, previous);
        }

        @Override
        public void start(Member m) {
            String address = m.upstream.address();
            String clientHost = req.header("host");
            String host = route.host() == HostHeader.PRESERVE && clientHost != null ? clientHost : address;
            member = m;
            ClientRequest up;
            try {
                up = Forwarding.request(req, address, host, route.via(), m.upstream.timeout());
            } catch (HttpException bad) {
                // answered here, not thrown: a request that waited starts on whichever loop freed a slot
                route.members().release(m);
                res.status(bad.status()).send(bad.getMessage());
                return;
            }
            m.sender.send(up, this);
        }

        @Override
        public void onAbandon(Runnable action) {
            res.onCancel(action);
        }

        @Override
        public void refuse(String reason) {
            res.status(503).header("Retry-After", "1").send("Service Unavailable: " + reason);
        }

        @Override
        public void complete(ClientResponse r, Throwable e) {
            Member m = member;
            route.members().release(m);
            if (e == null) {
                m.succeeded();
                if (res.sent()) {
                    // the client went away while the upstream worked: nothing left to answer
                    r.close();
                    return;
                }
                Forwarding.respond(r, res, req.method(), route.via());
                return;
            }
            if (res.sent()) {
                return;
            }
            boolean retryable = idempotent(req.method()) && tries < route.members().policy().retries();
            if (answerFailure(res, route.members(), m, unwrap(e), retryable)) {
                tries++;
                attempt(m);
            }
        }
    }

    /**
     * The one place that decides what a failure of upstream {@code m} means: 504 for a timeout, 503
     * for its client's pending limit, 502 otherwise. Only connection failures count towards ejection: a
     * timeout says the upstream is slow or busy, and ejecting it would move its load onto the others
     * (or answer 503 for all of it) when it is merely behind.
     *
     * @param retryable whether the request may go to another member when {@code m} could not be reached
     * @return true when nothing was answered because the caller should try another member
     */
    static boolean answerFailure(Response res, Members members, Member m, Throwable cause, boolean retryable) {
        String where = m.upstream.transport().name().toLowerCase(java.util.Locale.ROOT) + " upstream "
                + m.upstream.address();
        if (cause instanceof RequestTimeoutException) {
            res.status(504).send("Gateway Timeout: " + where + " did not answer within " + m.upstream.timeout().toMillis()
                    + " ms");
            return false;
        }
        if (cause instanceof PendingLimitException) {
            res.status(503).header("Retry-After", "1").send("Service Unavailable: " + where + " has too many requests in flight");
            return false;
        }
        if (cause instanceof ConnectFailedException || cause instanceof ConnectionClosedException) {
            m.failed(members.policy());
            if (retryable) {
                return true;
            }
        }
        res.status(502).send("Bad Gateway: " + where + " failed: " + cause.getMessage());
        return false;
    }

    static boolean idempotent(Method m) {
        return m == Method.GET || m == Method.HEAD || m == Method.PUT || m == Method.DELETE || m == Method.OPTIONS
                || m == Method.TRACE;
    }

    static Throwable unwrap(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }
}
