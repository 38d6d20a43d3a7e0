package dev.pronto.core.internal.exchange;

import dev.pronto.core.Request;
import dev.pronto.core.Response;

/**
 * Error answers sent by a hook itself rather than thrown, so the fields it set survive (a 429's
 * {@code Retry-After}): the body follows the server's error format, RFC 9457 problem+json or text.
 */
public final class HookAnswers {
    private HookAnswers() {
    }

    /** Sends {@code status} with {@code detail} on {@code res}, in the server's error format. */
    public static void error(Request req, Response res, int status, String detail) {
        res.status(status);
        if (req instanceof ExchangeHandle h && h.exchange().server.problemDetails()) {
            res.contentType("application/problem+json");
            res.send(Problems.json(status, detail, null));
        } else {
            res.send(detail);
        }
    }
}
