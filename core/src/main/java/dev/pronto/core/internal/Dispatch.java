package dev.pronto.core.internal;

import dev.pronto.core.Handler;
import dev.pronto.core.HttpException;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.router.Outcome;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;

/** Routes a decoded exchange to its handler, on the event loop or on a virtual thread. */
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

    /** Looks the route up once; true when it streams its body. */
    static boolean routeStreams(Exchange e) {
        route(e);
        return e.outcome == Outcome.MATCHED && e.match.value() instanceof Streaming;
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
        conn.admit(e);
        try {
            Compressors z = conn.server.compressors();
            if (e.body != null && z != null && z.config().gzipRequests()) {
                RequestBodies.decode(e);
            }
            route(e);
            Outcome outcome = e.outcome;
            if (outcome == Outcome.MATCHED) {
                Handler handler = e.match.value();
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
            } else if (outcome == Outcome.OPTIONS) {
                e.response.status(204).header("Allow", e.match.allow()).send();
            } else {
                throw outcome == Outcome.NOT_FOUND ? NOT_FOUND : METHOD_NOT_ALLOWED;
            }
        } catch (Throwable t) {
            Errors.handle(e, t);
        }
        conn.handlerReturned(e);
    }

    private static void finishSync(Exchange e) {
        if (!e.response.sent() && !e.response.asyncRequested) {
            e.response.send();
        }
    }

    private static void runBlocking(Exchange e, Handler handler) {
        try {
            e.conn.server.blockingExecutor().execute(() -> {
                try {
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
