package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.Redirects;
import dev.pronto.client.http.TooManyRedirectsException;
import java.net.URI;

/** Follows a 3xx response by re-running the same exchange with a rewritten request. */
final class Redirect {
    private Redirect() {
    }

    /** Whether {@code r} was consumed: the exchange was resubmitted or failed. */
    static boolean follow(LoopContext loop, Exchange x, DecodedResponse r) {
        ClientConfig config = loop.runtime().config();
        int s = r.status;
        if (config.followRedirects() == Redirects.NEVER || s != 301 && s != 302 && s != 303 && s != 307 && s != 308) {
            return false;
        }
        URI target = target(x.request, r.header("location"));
        boolean keepMethod = s == 307 || s == 308;
        if (target == null || keepMethod && x.request.bodyStream() != null
                || config.followRedirects() == Redirects.NORMAL && x.request.https() && "http".equals(target.getScheme())) {
            return false;
        }
        r.release();
        if (x.redirects >= config.maxRedirects()) {
            loop.fail(x, new TooManyRedirectsException("more than maxRedirects=" + config.maxRedirects()
                    + " redirects for " + x.request + " (next: " + target + "); raise ClientConfig.maxRedirects"));
            return true;
        }
        x.request = rewrite(x.request, target, s);
        x.redirects++;
        x.attempts = 0;
        loop.accept(x);
        return true;
    }

    private static URI target(ClientRequest request, String location) {
        if (location == null) {
            return null;
        }
        try {
            URI uri = request.uri().resolve(location.trim());
            String scheme = uri.getScheme();
            return ("http".equals(scheme) || "https".equals(scheme)) && uri.getHost() != null ? uri : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static ClientRequest rewrite(ClientRequest old, URI target, int status) {
        boolean keepMethod = status == 307 || status == 308;
        String method = keepMethod || old.method().equals("HEAD") ? old.method() : "GET";
        boolean sameOrigin = target.getScheme().equals(old.uri().getScheme()) && target.getHost().equals(old.host())
                && port(target) == old.port();
        ClientRequest.Builder b = ClientRequest.builder().method(method).uri(target.toString());
        for (int i = 0; i < old.headers().size(); i += 2) {
            String name = old.headers().get(i);
            boolean credential = name.equalsIgnoreCase("authorization") || name.equalsIgnoreCase("cookie")
                    || name.equalsIgnoreCase("host");
            boolean bodyHeader = !keepMethod && name.regionMatches(true, 0, "content-", 0, 8);
            if (!(credential && !sameOrigin) && !bodyHeader) {
                b.header(name, old.headers().get(i + 1));
            }
        }
        if (keepMethod && old.body() != null) {
            b.body(old.body());
        }
        if (keepMethod && old.idempotent()) {
            b.idempotent();
        }
        if (old.timeout() != null) {
            b.timeout(old.timeout());
        }
        return b.build();
    }

    private static int port(URI uri) {
        return uri.getPort() > 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
    }
}
