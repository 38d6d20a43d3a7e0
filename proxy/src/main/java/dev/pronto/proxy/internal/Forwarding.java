package dev.pronto.proxy.internal;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.router.Method;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Proxy semantics of one request and its response (RFC 9110 §7.6): hop-by-hop fields (the fixed
 * set and any the Connection field names) are not forwarded either way; X-Forwarded-For, -Proto,
 * -Host, Forwarded (RFC 7239) and Via are added; the Host sent upstream is the client's or the
 * upstream's. Content-Length and Date are the sending side's to write. Internal: not API.
 */
public final class Forwarding {
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-connection", "te",
            "trailer", "transfer-encoding", "upgrade", "proxy-authenticate", "proxy-authorization");
    /** Written by the client or the server themselves. */
    private static final Set<String> OWN = Set.of("host", "content-length", "expect", "date");

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
        Set<String> skip = skipped(req.headers("connection"));
        for (String name : new LinkedHashSet<>(req.headerNames())) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (skip.contains(lower) || lower.equals("x-forwarded-for") || lower.equals("via")) {
                continue;
            }
            for (String value : req.headers(name)) {
                b.header(name, value);
            }
        }
        forwardedFor(req, b, via);
        return b;
    }

    private static void forwardedFor(Request req, ClientRequest.Builder b, String via) {
        String client = address(req.remoteAddress());
        String prior = String.join(", ", req.headers("x-forwarded-for"));
        String proto = req.tlsSession() != null ? "https" : "http";
        String host = req.header("host");
        b.header("X-Forwarded-For", prior.isEmpty() ? client : prior + ", " + client);
        b.header("X-Forwarded-Proto", proto);
        if (host != null && req.header("x-forwarded-host") == null) {
            b.header("X-Forwarded-Host", host);
        }
        String node = client.indexOf(':') >= 0 ? "\"[" + client + "]\"" : client;
        b.header("Forwarded", "for=" + node + ";proto=" + proto + (host != null ? ";host=\"" + host + "\"" : ""));
        String priorVia = String.join(", ", req.headers("via"));
        b.header("Via", priorVia.isEmpty() ? via : priorVia + ", " + via);
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
        Set<String> skip = skipped(r.headers("connection"));
        for (String name : new LinkedHashSet<>(r.headerNames())) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("content-type")) {
                res.contentType(r.header(name));
            } else if (!skip.contains(lower) && !lower.equals("via")) {
                for (String value : r.headers(name)) {
                    res.header(name, value);
                }
            }
        }
        String priorVia = String.join(", ", r.headers("via"));
        res.header("Via", priorVia.isEmpty() ? via : priorVia + ", " + via);
    }

    private static Set<String> skipped(java.util.List<String> connection) {
        if (connection.isEmpty()) {
            return setOf();
        }
        Set<String> skip = new java.util.HashSet<>(setOf());
        for (String value : connection) {
            for (String token : value.split(",")) {
                skip.add(token.trim().toLowerCase(Locale.ROOT));
            }
        }
        return skip;
    }

    private static Set<String> setOf() {
        return ALL;
    }

    private static final Set<String> ALL = union();

    private static Set<String> union() {
        Set<String> s = new java.util.HashSet<>(HOP_BY_HOP);
        s.addAll(OWN);
        return Set.copyOf(s);
    }

    private static String address(SocketAddress a) {
        return a instanceof InetSocketAddress i && i.getAddress() != null ? i.getAddress().getHostAddress() : String.valueOf(a);
    }
}
