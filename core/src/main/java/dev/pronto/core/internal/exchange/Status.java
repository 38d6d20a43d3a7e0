package dev.pronto.core.internal.exchange;

import java.nio.charset.StandardCharsets;

/** Reason phrases and pre-encoded status lines, so writing a status line is one bulk copy. */
public final class Status {
    private static final String[] REASONS = new String[600];
    private static final byte[][] LINES_11 = new byte[600][];
    private static final byte[][] LINES_10 = new byte[600][];

    static {
        String[] table = {
            "100 Continue", "101 Switching Protocols", "200 OK", "201 Created", "202 Accepted",
            "203 Non-Authoritative Information", "204 No Content", "205 Reset Content", "206 Partial Content",
            "300 Multiple Choices", "301 Moved Permanently", "302 Found", "303 See Other", "304 Not Modified",
            "307 Temporary Redirect", "308 Permanent Redirect", "400 Bad Request", "401 Unauthorized",
            "402 Payment Required", "403 Forbidden", "404 Not Found", "405 Method Not Allowed",
            "406 Not Acceptable", "408 Request Timeout", "409 Conflict", "410 Gone", "411 Length Required",
            "412 Precondition Failed", "413 Content Too Large", "414 URI Too Long", "415 Unsupported Media Type",
            "416 Range Not Satisfiable", "417 Expectation Failed", "421 Misdirected Request",
            "422 Unprocessable Content", "425 Too Early", "426 Upgrade Required", "428 Precondition Required",
            "429 Too Many Requests", "431 Request Header Fields Too Large", "451 Unavailable For Legal Reasons",
            "500 Internal Server Error", "501 Not Implemented", "502 Bad Gateway", "503 Service Unavailable",
            "504 Gateway Timeout", "505 HTTP Version Not Supported",
        };
        for (String entry : table) {
            REASONS[Integer.parseInt(entry.substring(0, 3))] = entry.substring(4);
        }
        for (int code = 100; code < 600; code++) {
            String reason = REASONS[code] != null ? REASONS[code] : "Status " + code;
            LINES_11[code] = ("HTTP/1.1 " + code + " " + reason + "\r\n").getBytes(StandardCharsets.US_ASCII);
            LINES_10[code] = ("HTTP/1.0 " + code + " " + reason + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
    }

    private Status() {
    }

    static String reason(int code) {
        String r = code >= 100 && code < 600 ? REASONS[code] : null;
        return r != null ? r : "Status " + code;
    }

    static byte[] line(int code, boolean http11) {
        return http11 ? LINES_11[code] : LINES_10[code];
    }

    /** Statuses whose responses never carry a body or Content-Length (RFC 9110 §6.4.1). */
    public static boolean bodiless(int code) {
        return code < 200 || code == 204 || code == 304;
    }
}
