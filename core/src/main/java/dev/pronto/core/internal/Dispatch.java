package dev.pronto.core.internal;

import dev.pronto.core.Handler;
import dev.pronto.core.HttpException;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.RequestHook;
import dev.pronto.core.Response;
import dev.pronto.router.Outcome;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs an exchange through its lifecycle: shedding, onRequest, routing, body decoding, group
 * hooks, preHandler, then the handler on the event loop or a virtual thread. A step that answers
 * ends the chain. With no hooks configured this is a straight line of null and empty checks.
 */
public final class Dispatch {
    private static final NotFoundException NOT_FOUND = new NotFoundException("Not Found");
    private static final HttpException METHOD_NOT_ALLOWED = new HttpException(405, "Method Not Allowed");

    private Dispatch() {
    }

    /**
     * A handler marked blocking: it runs on a virtual thread.
     *
     * @param handler the user's handler
     */
    public record Blocking(Handler handler) implements Handler {
        @Override
        public void handle(Request req, Response res) throws Exception {
            handler.handle(req, res);
        }
    }

    /**
     * A handler whose route streams the request body instead of aggregating it.
     *
     * @param handler the user's handler, possibly {@link Blocking}
     */
    public record Streaming(Handler handler) implements Handler {
        @Override
        public void handle(Request req, Response res) throws Exception {
            handler.handle(req, res);
        }
    }

    /** A step of the chain that may throw. */
    @FunctionalInterface
    private interface Step {
        void run(Exchange e) throws Exception;
    }

    /** Looks the route up once; true when it streams its body. */
    static boolean routeStreams(Exchange e) {
        route(e);
        return e.outcome == Outcome.MATCHED && unwrap(e.match.value()) instanceof Streaming;
    }

    private static Handler unwrap(Handler h) {
        return h instanceof Lifecycle.Hooked hooked ? hooked.handler() : h;
    }

    private static void route(Exchange e) {
        if (e.outcome == null) {
            RequestHead h = e.head;
            e.path.set(h.bytes, h.pathStart, h.pathEnd - h.pathStart);
            e.outcome = e.conn.server.routes().router().find(h.method, e.path, e.match);
        }
    }

    static void run(Exchange e) {
        HttpConnection conn = e.conn;
        conn.queue.admit(e);
        try {
            start(e);
        } catch (Throwable t) {
            Errors.handle(e, t);
        }
        conn.queue.handlerReturned(e);
    }

    private static void start(Exchange e) throws Exception {
        ServerContext server = e.conn.server;
        RouteTable table = server.routes();
        e.life = table.root();
        if (table.timed() || server.config().maxQueueTime() != null) {
            e.startNanos = System.nanoTime();
        }
        if (server.config().maxInFlight() > 0 && !server.admitInFlight(e)) {
            e.response.status(503).header("Retry-After", "1").send("Service Unavailable: too many requests in flight");
            return;
        }
        Compressors z = server.compressors();
        if (e.body != null && z != null && z.config().gzipRequests()) {
            RequestBodies.decode(e);
        }
        hooks(e, e.life.onRequest(), 0, Dispatch::routed);
    }

    private static void routed(Exchange e) throws Exception {
        route(e);
        Outcome outcome = e.outcome;
        Handler handler;
        if (outcome == Outcome.MATCHED) {
            handler = e.match.value();
            if (handler instanceof Lifecycle.Hooked hooked) {
                e.life = hooked.scope();
                handler = hooked.handler();
            }
        } else if (outcome == Outcome.OPTIONS) {
            e.response.status(204).header("Allow", e.match.allow()).send();
            return;
        } else if (outcome == Outcome.NOT_FOUND) {
            e.life = e.conn.server.routes().scopeFor(e.path);
            handler = e.life.notFound();
            if (handler == null) {
                throw NOT_FOUND;
            }
        } else {
            throw METHOD_NOT_ALLOWED;
        }
        e.handler = handler;
        if (e.life == e.conn.server.routes().root()) {
            hooks(e, e.life.preHandler(), 0, Dispatch::invoke);
        } else {
            hooks(e, e.life.onRequest(), 0, x -> hooks(x, x.life.preHandler(), 0, Dispatch::invoke));
        }
    }

    /** Runs {@code hooks} from {@code i}, then {@code next}, unless a hook answers first. */
    private static void hooks(Exchange e, List<RequestHook> hooks, int i, Step next) throws Exception {
        for (; i < hooks.size(); i++) {
            if (e.response.sent()) {
                return;
            }
            RequestHook hook = hooks.get(i);
            if (hook instanceof Lifecycle.Async async) {
                e.response.async();
                CompletionStage<?> stage = async.hook().handle(e.request, e.response);
                int resume = i + 1;
                stage.whenComplete((v, error) -> e.conn.eventLoop().execute(() -> resumed(e, error, hooks, resume, next)));
                return;
            }
            hook.handle(e.request, e.response);
        }
        if (!e.response.sent()) {
            next.run(e);
        }
    }

    private static void resumed(Exchange e, Throwable error, List<RequestHook> hooks, int i, Step next) {
        try {
            if (error != null) {
                throw error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            }
            e.response.asyncRequested = false;
            hooks(e, hooks, i, next);
            if (!e.response.sent() && !e.response.asyncRequested && !(e.handler instanceof Blocking)) {
                e.response.send();
            }
        } catch (Throwable t) {
            Errors.handle(e, t);
        }
    }

    private static void invoke(Exchange e) throws Exception {
        Handler handler = e.handler;
        if (handler instanceof Streaming streaming) {
            handler = streaming.handler();
            if (!(handler instanceof Blocking)) {
                // the body arrives after the handler returns: its listener answers
                e.response.async();
            }
        }
        if (handler instanceof Blocking blocking) {
            runBlocking(e, blocking.handler());
        } else {
            handler.handle(e.request, e.response);
            finishSync(e);
        }
    }

    private static void finishSync(Exchange e) {
        if (!e.response.sent() && !e.response.asyncRequested) {
            e.response.send();
        }
    }

    private static void runBlocking(Exchange e, Handler handler) {
        e.response.async();
        try {
            e.conn.server.blockingExecutor().execute(() -> {
                try {
                    if (e.conn.server.queuedTooLong(e)) {
                        e.response.status(503).header("Retry-After", "1").send("Service Unavailable: queued too long");
                        return;
                    }
                    e.response.asyncRequested = false;
                    handler.handle(e.request, e.response);
                    finishSync(e);
                } catch (Throwable t) {
                    Errors.handle(e, t);
                }
            });
        } catch (RejectedExecutionException ex) {
            Errors.handle(e, new HttpException(503, "Service Unavailable: server is shutting down", ex));
        }
    }

    /** Sends the outcome of a {@code CompletionStage}, on whatever thread completed it. */
    static void completeWith(Exchange e, Object value, Throwable error) {
        try {
            if (error != null) {
                throw error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            }
            ServerResponse res = e.response;
            if (value == null) {
                res.send();
            } else if (value instanceof CharSequence text) {
                res.send(text);
            } else if (value instanceof byte[] bytes) {
                res.send(bytes);
            } else if (value instanceof ByteBuf buf) {
                res.send(buf);
            } else {
                res.json(value);
            }
        } catch (Throwable t) {
            Errors.handle(e, t);
        }
    }
}
