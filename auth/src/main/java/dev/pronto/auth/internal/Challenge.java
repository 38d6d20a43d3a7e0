package dev.pronto.auth.internal;

import dev.pronto.core.Response;
import java.nio.charset.StandardCharsets;

/** Writes 401 and 403 answers as {@code application/problem+json}, with {@code WWW-Authenticate} when given. */
public final class Challenge {
    private Challenge() {
    }

    /** Answers 401 with {@code challenge} as {@code WWW-Authenticate}. */
    public static void unauthorized(Response res, String challenge, String detail) {
        send(res.header("WWW-Authenticate", challenge), 401, "Unauthorized", detail);
    }

    /** Answers 403; {@code challenge} (insufficient_scope) may be null. */
    public static void forbidden(Response res, String challenge, String detail) {
        if (challenge != null) {
            res.header("WWW-Authenticate", challenge);
        }
        send(res, 403, "Forbidden", detail);
    }

    /** A Bearer challenge: {@code realm}, then {@code error} and its description when not null. */
    public static String bearer(String realm, String error, String description) {
        String base = "Bearer realm=\"" + realm + "\"";
        return error == null ? base : base + ", error=\"" + error + "\", error_description=\"" + description + "\"";
    }

    private static void send(Response res, int status, String title, String detail) {
        // detail is always one of this module's own constant texts: no escaping needed
        String body = "{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + status
                + ",\"detail\":\"" + detail + "\"}";
        res.status(status).contentType("application/problem+json").send(body.getBytes(StandardCharsets.UTF_8));
    }
}
