package dev.pronto.proxy.internal;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.core.BadRequestException;
import dev.pronto.core.HttpException;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.router.Method;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Proxy semantics of one request and its response (RFC 9110 §7.6): hop-by-hop fields (the fixed
 * set and any the Connection field names) are not forwarded either way; X-Forwarded-For, -Proto,
 * -Host, Forwarded (RFC 7239) and Via are added; the Host sent upstream is the client's or the
 * upstream's. Content-Length and Date are the sending side's to write. A request field value with
 * CR, LF or NUL is refused (400), never forwarded. Internal: not API.
 */
public final class Forwarding {
    /** Hop-by-hop (RFC 9110 §7.6.1), then those the client or the server write themselves. */
    private static final String[] FIXED = {"connection", "keep-alive", "proxy-connection", "te", "trailer",
        "transfer-encoding", "upgrade", "proxy-authenticate", "proxy-authorization",
        "host", "content-length", "expect", "date"};

    private Forwarding() {
    }

    /**
     * The upstream request for {@code req}.
     *
     * @param host the Host to send
     * @param via this proxy's Via entry, e.g. {@code 1.1 pronto}
     */
    public static ClientRequest request(Request req, String authority, String host, String via, Duration timeout) {
        ClientRequest.Builder b = head(req, authority, host, via, timeout);
        if (req.contentLength() > 0 || req.body().isReadable()) {
            // the exchange keeps the body until the response is sent, which is after the upstream answered
            b.body(req.body());
        }
        return b.build();
    }

    /** The upstream request line and header fields for {@code req}, without a body. */
    static ClientRequest.Builder head(Request req, String authority, String host, String via, Duration timeout) {
        String target = req.rawQuery() == null || req.rawQuery().isEmpty() ? req.rawPath()
                : req.rawPath() + "?" + req.rawQuery();
        ClientRequest.Builder b = ClientRequest.builder().method(req.method().name())
                .uri("http://" + authority + target).timeout(timeout).header("Host", host);
        Set<String> named = named(req.header("connection") == null ? List.of() : req.headers("connection"));
        // one pass over the fields as they arrived: no name lists, no lower-casing per field
        req.forEachHeader((name, value) -> field(b, name, value, named));
        forwardedFor(req, b, via);
        return b;
    }

    /**
     * Copies one field of the client's request to {@code b} unless it stays behind. Every value is
     * checked, skipped ones too (Host, X-Forwarded-For and Via feed fields this proxy writes): one
     * with CR, LF or NUL could split or smuggle a request on an HTTP/1.1 upstream, so it is never
     * forwarded, whatever carrier let it in.
     *
     * @throws BadRequestException (400) for such a value
     */
    static void field(ClientRequest.Builder b, String name, String value, Set<String> named) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n' || c == 0) {
                throw new BadRequestException("Header " + HttpException.excerpt(name)
                        + " has CR, LF or NUL in its value: not forwarded");
            }
        }
        if (!skipped(name, named) && !name.equalsIgnoreCase("x-forwarded-for") && !name.equalsIgnoreCase("via")) {
            b.header(name, value);
        }
    }

    private static void forwardedFor(Request req, ClientRequest.Builder b, String via) {
        String client = address(req.remoteAddress());
        String prior = joined(req, "x-forwarded-for");
        String proto = req.tlsSession() != null ? "https" : "http";
        String host = req.header("host");
        b.header("X-Forwarded-For", prior == null ? client : prior + ", " + client);
        b.header("X-Forwarded-Proto", proto);
        if (host != null && req.header("x-forwarded-host") == null) {
            b.header("X-Forwarded-Host", host);
        }
        String node = client.indexOf(':') >= 0 ? "\"[" + client + "]\"" : client;
        b.header("Forwarded", "for=" + node + ";proto=" + proto + (host != null ? ";host=\"" + host + "\"" : ""));
        String priorVia = joined(req, "via");
        b.header("Via", priorVia == null ? via : priorVia + ", " + via);
    }

    /** The values of field {@code name} joined with commas, or null when absent (no list built then). */
    private static String joined(Request req, String name) {
        return req.header(name) == null ? null : String.join(", ", req.headers(name));
    }

    /** Sends {@code r} to the client as the answer to a request with {@code method}; closes {@code r}. */
    public static void respond(ClientResponse r, Response res, Method method, String via) {
        try (r) {
            copyHead(r, res, via);
            if (method == Method.HEAD || !r.body().isReadable()) {
                res.send();
            } else {
                res.send(r.body().retain());
            }
        }
    }

    /** Sets {@code res}'s status and header fields from the upstream's response {@code r}, with Via. */
    static void copyHead(ClientResponse r, Response res, String via) {
        res.status(r.status());
        Set<String> named = named(r.header("connection") == null ? List.of() : r.headers("connection"));
        r.forEachHeader((name, value) -> {
            if (name.equalsIgnoreCase("content-type")) {
                res.contentType(value);
            } else if (!skipped(name, named) && !name.equalsIgnoreCase("via")) {
                res.header(name, value);
            }
        });
        String priorVia = r.header("via") == null ? null : String.join(", ", r.headers("via"));
        res.header("Via", priorVia == null ? via : priorVia + ", " + via);
    }

    /** Whether field {@code name} stays behind: hop-by-hop, named by Connection, or the sender's own. */
    static boolean skipped(String name, Set<String> named) {
        for (String s : FIXED) {
            if (s.length() == name.length() && s.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return !named.isEmpty() && named.contains(name.toLowerCase(Locale.ROOT));
    }

    /** The field names the Connection field lists, lower case. */
    private static Set<String> named(List<String> connection) {
        if (connection.isEmpty()) {
            return Set.of();
        }
        Set<String> names = new java.util.HashSet<>();
        for (String value : connection) {
            for (String token : value.split(",")) {
                names.add(token.trim().toLowerCase(Locale.ROOT));
            }
        }
        return names;
    }

    private static String address(SocketAddress a) {
        return a instanceof InetSocketAddress i && i.getAddress() != null ? i.getAddress().getHostAddress() : String.valueOf(a);
    }
}
