package dev.pronto.core.internal.exchange;

import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.ValidationException;
import dev.pronto.core.internal.util.JsonStrings;

/**
 * Writes RFC 9457 problem documents without a JSON library (every value is escaped here), and the error answers a
 * hook sends itself rather than throws, so the fields it set survive (a 429's {@code Retry-After}).
 */
public final class Problems {
    private Problems() {
    }

    /**
     * Sends {@code status} with {@code detail} on {@code res} in the server's error format: RFC 9457 problem+json
     * or text. For hooks; the thread and lifetime rules are {@code res}'s own.
     */
    public static void answer(Request req, Response res, int status, String detail) {
        res.status(status);
        if (req instanceof ExchangeHandle h && h.exchange().server.problemDetails()) {
            res.contentType("application/problem+json");
            res.send(json(status, detail, null));
        } else {
            res.send(detail);
        }
    }

    static String json(int status, String detail, Throwable error) {
        StringBuilder sb = new StringBuilder(128).append("{\"type\":\"about:blank\",\"title\":");
        string(sb, Status.reason(status)).append(",\"status\":").append(status).append(",\"detail\":");
        string(sb, detail);
        if (error instanceof ValidationException v) {
            sb.append(",\"errors\":[");
            for (int i = 0; i < v.errors().size(); i++) {
                ValidationException.FieldError f = v.errors().get(i);
                sb.append(i == 0 ? "{\"field\":" : ",{\"field\":");
                string(sb, f.field()).append(",\"message\":");
                string(sb, f.message()).append('}');
            }
            sb.append(']');
        }
        return sb.append('}').toString();
    }

    private static StringBuilder string(StringBuilder sb, String s) {
        return JsonStrings.quoted(sb, s);
    }
}
