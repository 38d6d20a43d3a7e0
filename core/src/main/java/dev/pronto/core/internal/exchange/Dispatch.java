package dev.pronto.core.internal.exchange;

import dev.pronto.core.Handler;
import dev.pronto.core.HttpException;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.internal.content.Compressors;
import dev.pronto.router.Outcome;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs an exchange through its lifecycle, whatever carries it: shedding, onRequest, routing, body
 * decoding, group hooks, preHandler, then the handler on the event loop or a virtual thread, as
 * the route's options say. A step that answers ends the chain. While the chain may still use the
 * exchange, the dispatcher holds it ({@link ExchangePool#hold}), so it is never recycled under a
 * running handler. With no hooks configured this is a straight line of null and empty checks.
 */
public final class Dispatch {
    private static final NotFoundException NOT_FOUND = new NotFoundException("Not Found");
    private static final HttpException METHOD_NOT_ALLOWED = new HttpException(405, "Method Not Allowed");

    private Dispatch() {
    }

    /** A step of the chain that may throw. */
    @FunctionalInterface
    private interface Step {
        void run(Exchange e, ExchangeHandle h) throws Exception;
    }

    /** Looks the route up once; true when it streams its body. */
    public static boolean routeStreams(Exchange e) {
        route(e);
        return e.outcome == Outcome.MATCHED && e.match.value().streaming();
    }

    private static void route(Exchange e) {
        if (e.outcome == null) {
            RequestHead h = e.head;
            e.path.set(h.bytes, h.pathStart, h.pathEnd - h.pathStart);
            e.outcome = e.server.routes().router().find(h.method, e.path, e.match);
        }
    }

    /** Dispatches a received exchange (event loop). */
    public static void run(Exchange e) {
        ExchangeHandle h = e.handle;
        e.dispatched();
        ExchangePool.hold(e);
        try {
            start(e, h);
        } catch (Throwable t) {
            Errors.handle(h, t);
        }
        e.pool().releaseAnyThread(e);
    }

    /** Whether a blocking request waited longer than {@code maxQueueTime} for its thread. */
    private static boolean queuedTooLong(Exchange e) {
        java.time.Duration max = e.server.config().maxQueueTime();
        return max != null && e.dispatchedNanos != 0 && loopNanos(e) - e.dispatchedNanos > max.toNanos();
    }

    /** The carrier's loop clock, the one {@link Exchange#received} is given. */
    static long loopNanos(Exchange e) {
        return e.carrier.eventLoop().ticker().nanoTime();
    }

    private static void start(Exchange e, ExchangeHandle h) throws Exception {
        ExchangeContext server = e.server;
        RouteTable table = server.routes();
        e.life = table.root();
        if (!RequestDeadline.arm(e)) {
            return;
        }
        if (server.config().maxQueueTime() != null) {
            e.dispatchedNanos = loopNanos(e);
        }
        if (e.startNanos == 0 && table.timed()) {
            e.startNanos = e.dispatchedNanos != 0 ? e.dispatchedNanos : loopNanos(e);
        }
        if (server.config().maxInFlight() > 0 && !ExchangePool.admitInFlight(e)) {
            h.status(503).header("Retry-After", "1").send("Service Unavailable: too many requests in flight");
            return;
        }
        Compressors z = server.compressors();
        if (e.body != null && z != null && z.config().gzipRequests()) {
            RequestBodies.decode(e);
        }
        hooks(e, h, e.life.onRequest(), 0, Dispatch::routed);
    }

    private static void routed(Exchange e, ExchangeHandle h) throws Exception {
        route(e);
        Outcome outcome = e.outcome;
        RouteEntry entry;
        if (outcome == Outcome.MATCHED) {
            entry = e.match.value();
            h.route = e.match.pattern();
            if (entry.scope() != null) {
                e.life = entry.scope();
            }
        } else if (outcome == Outcome.OPTIONS) {
            h.status(204).header("Allow", e.match.allow()).send();
            return;
        } else if (outcome == Outcome.NOT_FOUND) {
            e.life = e.server.routes().scopeFor(e.path);
            entry = e.life.notFound();
            if (entry == null) {
                throw NOT_FOUND;
            }
        } else {
            throw METHOD_NOT_ALLOWED;
        }
        e.route = entry;
        if (e.life == e.server.routes().root()) {
            hooks(e, h, e.life.preHandler(), 0, Dispatch::invoke);
        } else {
            hooks(e, h, e.life.onRequest(), 0, (x, xh) -> hooks(x, xh, x.life.preHandler(), 0, Dispatch::invoke));
        }
    }

    /**
     * Runs {@code hooks} from {@code i}, then {@code next}, unless a hook answers first. Called only
     * while the exchange is open; the state is read again only after a hook ran, since nothing else
     * answers on this path (a route with no hooks reads it once, after its handler).
     */
    private static void hooks(Exchange e, ExchangeHandle h, List<HookStep> hooks, int i, Step next) throws Exception {
        for (; i < hooks.size(); i++) {
            HookStep step = hooks.get(i);
            if (step.async() != null) {
                CompletionStage<?> stage = step.async().handle(h, h);
                int resume = i + 1;
                stage.whenComplete((v, error) ->
                        e.carrier.eventLoop().execute(() -> resumed(e, h, error, new Resume(hooks, resume, next))));
                return;
            }
            step.sync().handle(h, h);
            if (!ExchangeState.open(e.state())) {
                return;
            }
        }
        next.run(e, h);
    }

    /** Where a chain paused by an asynchronous hook goes on. */
    private record Resume(List<HookStep> hooks, int index, Step next) {
    }

    /** Event loop: an asynchronous hook completed; continue unless the exchange moved on meanwhile. */
    private static void resumed(Exchange e, ExchangeHandle h, Throwable error, Resume at) {
        if (!h.live()) {
            return;
        }
        ExchangePool.hold(e);
        try {
            if (error != null) {
                throw unwrap(error);
            }
            if (ExchangeState.open(e.state())) {
                // the asynchronous hook may have answered
                hooks(e, h, at.hooks(), at.index(), at.next());
            }
        } catch (Throwable t) {
            Errors.handle(h, t);
        }
        e.pool().releaseAnyThread(e);
    }

    private static void invoke(Exchange e, ExchangeHandle h) throws Exception {
        RouteEntry route = e.route;
        int runs = route.runs();
        if (runs == RouteEntry.BLOCKING) {
            runBlocking(e, h, route.handler());
            return;
        }
        if (runs == RouteEntry.STREAMING) {
            // the body arrives after the handler returns: its listener answers
            e.asyncRequested = true;
        }
        route.handler().handle(h, h);
        finishSync(e, h);
    }

    /** A handler returned without sending and without asking for time: send what it set. */
    private static void finishSync(Exchange e, ExchangeHandle h) {
        if (!e.asyncRequested && ExchangeState.open(e.state())) {
            e.response.sendIfUnanswered(h);
        }
    }

    private static void runBlocking(Exchange e, ExchangeHandle h, Handler handler) {
        ExchangePool.hold(e);
        try {
            e.server.blockingExecutor().execute(() -> {
                try {
                    if (queuedTooLong(e)) {
                        h.status(503).header("Retry-After", "1").send("Service Unavailable: queued too long");
                        return;
                    }
                    handler.handle(h, h);
                    finishSync(e, h);
                } catch (Throwable t) {
                    Errors.handle(h, t);
                } finally {
                    e.pool().releaseAnyThread(e);
                }
            });
        } catch (RejectedExecutionException ex) {
            ExchangePool.unhold(e);
            Errors.handle(h, new HttpException(503, "Service Unavailable: server is shutting down", ex));
        }
    }

    /** Sends the outcome of a {@code CompletionStage}, on whatever thread completed it. */
    static void completeWith(ExchangeHandle h, Object value, Throwable error) {
        try {
            if (error != null) {
                throw unwrap(error);
            }
            if (value == null) {
                h.send();
            } else if (value instanceof CharSequence text) {
                h.send(text);
            } else if (value instanceof byte[] bytes) {
                h.send(bytes);
            } else if (value instanceof ByteBuf buf) {
                h.send(buf);
            } else {
                h.json(value);
            }
        } catch (Throwable t) {
            Errors.handle(h, t);
        }
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
