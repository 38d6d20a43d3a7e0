package dev.pronto.core.internal;

import dev.pronto.core.ErrorHandler;
import dev.pronto.core.HttpException;

/**
 * Maps a failure to a response: the user's error handler for the exception type or status when
 * one is registered, else the plain answer (an {@link HttpException}'s message, or a bare 500 that
 * says nothing about the cause). Unexpected exceptions are logged once, here.
 */
final class Errors {
    private Errors() {
    }

    static void handle(Exchange e, Throwable t) {
        ServerResponse res = e.response;
        if (res.sent()) {
            e.conn.server.log().warn("Error after the response to {} {} was sent; closing the connection",
                    e.head.method, e.request.rawPath(), t);
            e.conn.eventLoop().execute(e.conn::closeNow);
            return;
        }
        int status = t instanceof HttpException he ? he.status() : 500;
        if (status == 500 && !(t instanceof HttpException)) {
            Object id = e.attributes == null ? null : e.attributes.get(dev.pronto.core.AccessLog.REQUEST_ID);
            e.conn.server.log().error("Unhandled exception in {} {}{}", e.head.method, e.request.rawPath(),
                    id == null ? "" : " (request id " + id + ")", t);
        }
        for (dev.pronto.core.ErrorHook hook : e.life.onError()) {
            try {
                hook.handle(e.request, t, status);
            } catch (RuntimeException failure) {
                e.conn.server.log().warn("onError hook failed", failure);
            }
        }
        reset(e, status);
        ErrorHandler<Throwable> custom = e.life.errorHandler(t, status);
        if (custom != null && runCustom(e, custom, t)) {
            return;
        }
        if (!res.sent()) {
            reset(e, status);
            String message = t instanceof HttpException ? t.getMessage() : "Internal Server Error";
            if (e.conn.server.problemDetails()) {
                res.contentType("application/problem+json").send(Problems.json(status, message, t));
            } else {
                res.send(message);
            }
        }
    }

    /** Clears what the failed handler set; a 405 keeps the route's {@code Allow}. */
    private static void reset(Exchange e, int status) {
        e.response.resetForError(status);
        if (status == 405 && e.match.allow() != null) {
            e.response.header("Allow", e.match.allow());
        }
    }

    private static boolean runCustom(Exchange e, ErrorHandler<Throwable> custom, Throwable t) {
        try {
            custom.handle(e.request, e.response, t);
            if (!e.response.sent() && !e.response.asyncRequested) {
                e.response.send();
            }
            return true;
        } catch (Throwable failure) {
            e.conn.server.log().error("Error handler failed for {} {}", e.head.method, e.request.rawPath(), failure);
            return false;
        }
    }
}
