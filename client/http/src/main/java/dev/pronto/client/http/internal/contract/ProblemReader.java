package dev.pronto.client.http.internal.contract;

import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.ProblemException;
import dev.pronto.client.http.ProblemException.FieldError;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns an error response into a {@link ProblemException}: the members of an RFC 9457 document,
 * else the plain text, whose validation form ({@code Invalid request: field message; ...}, as
 * Pronto's server writes it) still yields the field list. Never throws on a malformed body.
 */
public final class ProblemReader {
    private static final String VALIDATION = "Invalid request: ";

    private ProblemReader() {
    }

    /** The exception for {@code response} to {@code request} (e.g. {@code GET http://h/x}). */
    public static ProblemException read(String request, ClientResponse response) {
        int status = response.status();
        String text = response.string();
        String contentType = response.header("content-type");
        if (contentType != null && contentType.toLowerCase(java.util.Locale.ROOT).contains("json")) {
            ProblemJson json = ProblemJson.parse(text);
            if (json != null) {
                String title = json.title() != null ? json.title() : reason(status);
                return new ProblemException(request, status,
                        new ProblemException.Problem(json.type(), title, json.detail()), json.errors());
            }
        }
        String detail = text.isEmpty() ? null : text;
        return new ProblemException(request, status, new ProblemException.Problem(null, reason(status), detail),
                text.startsWith(VALIDATION) ? fields(text.substring(VALIDATION.length())) : List.of());
    }

    private static String reason(int status) {
        String phrase = HttpResponseStatus.valueOf(status).reasonPhrase();
        return phrase.isEmpty() ? null : phrase;
    }

    /** {@code body.name must not be blank; query.limit must be at most 50}: field names hold no space. */
    private static List<FieldError> fields(String list) {
        List<FieldError> errors = new ArrayList<>();
        for (String part : list.split("; ")) {
            int space = part.indexOf(' ');
            if (space <= 0) {
                return List.of();
            }
            errors.add(new FieldError(part.substring(0, space), part.substring(space + 1)));
        }
        return errors;
    }
}
