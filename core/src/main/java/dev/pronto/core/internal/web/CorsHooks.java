package dev.pronto.core.internal.web;

import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.Routes;
import dev.pronto.router.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The CORS policies of one server and the two root hooks that apply them: an {@code onRequest} hook,
 * before routing, answers preflights on any path under a policy's prefix (routed or not, with or
 * without an OPTIONS route), and an {@code onSend} hook adds the response headers to every other
 * answer under it, errors included. Where policies nest, the longest prefix wins. Policies are added
 * while routes are configured (one thread) and read by event loops afterwards.
 */
public final class CorsHooks {
    /** One table per route tree: the hooks go on its root once, whatever number of groups add policies. */
    private static final Map<Routes, CorsHooks> TABLES = new WeakHashMap<>();
    private static final String VARY_PREFLIGHT = "Origin, Access-Control-Request-Method, Access-Control-Request-Headers";

    /** Longest prefix first. */
    private volatile CorsPolicy[] policies = new CorsPolicy[0];

    private CorsHooks() {
    }

    /** Adds {@code policy} to the server of {@code scope}, installing the root hooks on first use. */
    public static void install(Routes scope, CorsPolicy policy) {
        CorsHooks table;
        synchronized (TABLES) {
            table = TABLES.get(scope.root());
            if (table == null) {
                table = new CorsHooks();
                TABLES.put(scope.root(), table);
                CorsHooks hooks = table;
                scope.root().onRequest(hooks::preflight).onSend(hooks::actual);
            }
        }
        table.add(policy);
    }

    private void add(CorsPolicy policy) {
        for (CorsPolicy p : policies) {
            if (p.prefix().equals(policy.prefix())) {
                throw new IllegalArgumentException("Cors: group '" + policy.prefix() + "' already has a CORS policy");
            }
        }
        CorsPolicy[] more = Arrays.copyOf(policies, policies.length + 1);
        more[more.length - 1] = policy;
        Arrays.sort(more, (a, b) -> b.prefix().length() - a.prefix().length());
        policies = more;
    }

    private CorsPolicy policyFor(CharSequence path) {
        for (CorsPolicy p : policies) {
            String prefix = p.prefix();
            if (path.length() >= prefix.length() && regionEquals(path, prefix)
                    && (path.length() == prefix.length() || path.charAt(prefix.length()) == '/')) {
                return p;
            }
        }
        return null;
    }

    private static boolean isPreflight(Request req) {
        return req.method() == Method.OPTIONS && req.peekHeader("Access-Control-Request-Method") != null
                && req.peekHeader("Origin") != null;
    }

    /** Root onRequest: answers a preflight under a policy, 204 with the grant or 403 without any CORS field. */
    private void preflight(Request req, Response res) {
        if (req.method() != Method.OPTIONS || !isPreflight(req)) {
            return;
        }
        CorsPolicy p = policyFor(req.peekRawPath());
        if (p == null) {
            return;
        }
        res.header("Vary", VARY_PREFLIGHT);
        CharSequence requested = req.peekHeader("Access-Control-Request-Headers");
        String origin = p.allowOrigin(req.peekHeader("Origin"));
        CharSequence method = req.peekHeader("Access-Control-Request-Method");
        if (origin == null || !p.allowsMethod(method) || !p.allowsHeaders(requested)) {
            res.status(403).send("CORS preflight refused: origin, method or headers not allowed");
            return;
        }
        res.header("Access-Control-Allow-Origin", origin);
        if (p.credentials()) {
            res.header("Access-Control-Allow-Credentials", "true");
        }
        res.header("Access-Control-Allow-Methods", method);
        if (requested != null && !requested.isEmpty()) {
            res.header("Access-Control-Allow-Headers", requested);
        }
        if (p.maxAge() != null) {
            res.header("Access-Control-Max-Age", p.maxAge());
        }
        res.status(204).send();
    }

    /** Root onSend: the CORS fields of an actual (non-preflight) response under a policy. */
    private void actual(Request req, Response res) {
        if (policies.length == 0) {
            return;
        }
        CorsPolicy p = policyFor(req.peekRawPath());
        if (p == null || req.method() == Method.OPTIONS && isPreflight(req)) {
            return;
        }
        if (p.variesByOrigin()) {
            res.header("Vary", "Origin");
        }
        CharSequence sent = req.peekHeader("Origin");
        String origin = sent == null ? null : p.allowOrigin(sent);
        if (origin == null) {
            return;
        }
        res.header("Access-Control-Allow-Origin", origin);
        if (p.credentials()) {
            res.header("Access-Control-Allow-Credentials", "true");
        }
        if (p.exposed() != null) {
            res.header("Access-Control-Expose-Headers", p.exposed());
        }
    }

    private static boolean regionEquals(CharSequence s, String prefix) {
        for (int i = 0; i < prefix.length(); i++) {
            if (s.charAt(i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
