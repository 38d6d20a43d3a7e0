package dev.pronto.core.internal.exchange;

import dev.pronto.core.ErrorHandler;
import dev.pronto.core.HttpException;
import dev.pronto.core.UpstreamFailure;

/**
 * Maps a failure to a response: the user's error handler for the exception type or status when
 * one is registered, else the plain answer (an {@link HttpException}'s message, or a bare 500 that
 * says nothing about the cause). Unexpected exceptions are logged once, here. Every failure ends in
 * a response or a close, never in silence.
 */
public final class Errors {
    /** The media type of RFC 9457 problem documents. */
    static final String PROBLEM_JSON = "application/problem+json";

    private Errors() {
    }

    /** A hook, handler or callback of {@code h}'s exchange failed with {@code t}. Any thread. */
    static void handle(ExchangeHandle h, Throwable thrown) {
        Throwable t = unwrap(thrown);
        Exchange e = h.exchange();
        int state = e.state();
        if (!h.live() || !ExchangeState.open(state)) {
            afterAnswer(h, t, state);
            return;
        }
        int status = status(t);
        logUnexpected(e, t, status);
        observe(e, h, t, status);
        reset(e, status);
        ErrorHandler<Throwable> custom = e.life.errorHandler(t, status);
        if (custom != null && runCustom(h, custom, t)) {
            return;
        }
        if (ExchangeState.open(e.state())) {
            reset(e, status);
            String message = message(t, status);
            try {
                if (e.server.problemDetails()) {
                    h.contentType("application/problem+json");
                    h.send(Problems.json(status, message, t));
                } else {
                    h.send(message);
                }
            } catch (IllegalStateException raced) {
                // another thread answered meanwhile: its response stands
            }
        }
    }

    /**
     * A failure after {@code e}'s sender won but before anything was handed to the carrier (an
     * onSend hook, compression): the sender owns the exchange, so it answers with the plain error,
     * without hooks or custom handlers that could fail again.
     */
    static void afterBegin(Exchange e, Throwable thrown) {
        Throwable t = unwrap(thrown);
        int status = status(t);
        logUnexpected(e, t, status);
        observe(e, e.handle, t, status);
        plain(e, status, message(t, status));
    }

    /**
     * Answers {@code e} with a plain error on the server's behalf (limits, timeouts), unless someone
     * answered first; any handler still running can no longer answer it. Event loop.
     *
     * @return whether this answer won
     */
    public static boolean answerByServer(Exchange e, int status, String message) {
        if (!e.begin(e.handle.generation())) {
            return false;
        }
        e.response.detachForServerAnswer();
        plain(e, status, message);
        return true;
    }

    /**
     * Writes the server's own answer for an exchange this thread owns in RESPONDING, in the server's
     * error format: every status the framework sends (413, 414, 431, 501, 504...) is a problem
     * document when {@code ErrorFormat.PROBLEM_JSON} is on, as the OpenAPI document says.
     */
    static void plain(Exchange e, int status, String message) {
        e.response.resetForError(status);
        boolean problem = e.server != null && e.server.problemDetails();
        String text = problem ? Problems.json(status, message, null) : message;
        byte[] body = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        e.response.deliver(e.carrier.alloc().ioBuffer(body.length).writeBytes(body),
                problem ? PROBLEM_JSON : ServerResponse.TEXT);
    }

    private static void afterAnswer(ExchangeHandle h, Throwable t, int state) {
        Exchange e = h.exchange();
        String route = h.route == null ? "" : " (route " + h.route + ")";
        if (h.live() && state == ExchangeState.RESPONDING && e.response.streamStarted()) {
            e.server.failedAfterAnswer("Failure while streaming a response" + route + "; closing the connection", t);
            e.pool().abortAnyThread(e);
        } else if (state == ExchangeState.ABORTED) {
            e.server.failedAfterAnswer("Failure after the exchange was aborted" + route
                    + " (its response could not be written, or the client left)", t);
        } else {
            e.server.failedAfterAnswer("Failure after the response was sent" + route + "; the response stands", t);
        }
    }

    /**
     * The HTTP error {@code t} stands for: itself, or the limit a blocking reader's body stream failed on
     * (an IOException caused by, say, the 413 past maxBodySize); null for any other failure.
     */
    private static HttpException httpError(Throwable t) {
        if (t instanceof HttpException he) {
            return he;
        }
        return t instanceof java.io.IOException && t.getCause() instanceof HttpException he ? he : null;
    }

    private static int status(Throwable t) {
        HttpException he = httpError(t);
        if (he != null) {
            return he.status();
        }
        return t instanceof UpstreamFailure u ? u.status() : 500;
    }

    /** The body of an error answer: only an {@link HttpException} speaks for itself to the client. */
    private static String message(Throwable t, int status) {
        HttpException he = httpError(t);
        return he != null ? he.getMessage() : Status.reason(status);
    }

    private static void logUnexpected(Exchange e, Throwable t, int status) {
        if (httpError(t) != null) {
            return;
        }
        Object id = e.attributes == null ? null : e.attributes.get(dev.pronto.core.AccessLog.REQUEST_ID);
        String idText = id == null ? "" : " (request id " + id + ")";
        if (t instanceof UpstreamFailure) {
            // an upstream outage is not a bug here: one line without a stack trace
            e.server.log().warn("Upstream failure in {}{}, answered {}: {}", e.request, idText, status, t.toString());
        } else {
            e.server.log().error("Unhandled exception in {}{}", e.request, idText, t);
        }
    }

    private static void observe(Exchange e, ExchangeHandle h, Throwable t, int status) {
        for (dev.pronto.core.ErrorHook hook : e.life.onError()) {
            try {
                hook.handle(h, t, status);
            } catch (RuntimeException failure) {
                e.server.log().warn("onError hook failed", failure);
            }
        }
    }

    /**
     * What a blocking handler's {@code future.get()} or {@code join()} wrapped: the failure the stage
     * completed with, so a 503 from a client library stays a 503 instead of becoming a 500.
     */
    static Throwable unwrap(Throwable t) {
        Throwable cause = t;
        for (int i = 0; i < 8 && (cause instanceof java.util.concurrent.ExecutionException
                || cause instanceof java.util.concurrent.CompletionException) && cause.getCause() != null; i++) {
            cause = cause.getCause();
        }
        return cause;
    }

    /**
     * Clears what the failed handler set; a 405 keeps the route's {@code Allow}, a 503 says when to retry,
     * and a 415 of a request with a content coding says which codings are taken ({@code Accept-Encoding}).
     */
    private static void reset(Exchange e, int status) {
        e.response.resetForError(status);
        if (status == 405 && e.match.allow() != null) {
            e.response.headers().add("Allow", e.match.allow());
        } else if (status == 503) {
            e.response.headers().add("Retry-After", "1");
        } else if (status == 415 && e.head.find("content-encoding", 0) >= 0) {
            e.response.headers().add("Accept-Encoding", RequestBodies.accepted(e));
        }
    }

    private static boolean runCustom(ExchangeHandle h, ErrorHandler<Throwable> custom, Throwable t) {
        Exchange e = h.exchange();
        try {
            custom.handle(h, h, t);
            if (!e.asyncRequested && ExchangeState.open(e.state())) {
                e.response.sendIfUnanswered(h);
            }
            return true;
        } catch (Throwable failure) {
            e.server.log().error("Error handler failed for {}", e.request, failure);
            return false;
        }
    }
}
