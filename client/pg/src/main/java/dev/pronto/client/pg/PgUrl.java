package dev.pronto.client.pg;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** The parts of a {@code postgres://user:pass@host:port/db} URL; messages never echo the password. */
record PgUrl(String host, int port, String database, String user, String password) {
    private static final String FORM = "postgres://user:pass@host:port/db";

    static PgUrl parse(String url) {
        Objects.requireNonNull(url, "url");
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw invalid("is not a valid URI (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme();
        if (!"postgres".equals(scheme) && !"postgresql".equals(scheme)) {
            throw invalid("must start with postgres:// or postgresql://, got scheme '" + scheme + "'");
        }
        String authority = uri.getRawAuthority();
        int at = authority == null ? -1 : authority.lastIndexOf('@');
        if (at <= 0 || authority.charAt(0) == ':') {
            throw invalid("has no user name before '@'");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw invalid("must not have query parameters or a fragment; set options on PgConfig.Builder");
        }
        String path = uri.getRawPath();
        if (path == null || path.length() < 2 || path.indexOf('/', 1) >= 0) {
            throw invalid("must name exactly one database after the host, as in " + FORM);
        }
        String userInfo = authority.substring(0, at);
        int colon = userInfo.indexOf(':');
        String user = colon < 0 ? userInfo : userInfo.substring(0, colon);
        String password = colon < 0 ? "" : userInfo.substring(colon + 1);
        String[] hostPort = hostPort(authority.substring(at + 1));
        return new PgUrl(hostPort[0], port(hostPort[1]), decode(path.substring(1)), decode(user), decode(password));
    }

    /** Splits {@code host[:port]} or {@code [v6][:port]}; host names with '_' are accepted, unlike URI's. */
    private static String[] hostPort(String value) {
        int close = value.startsWith("[") ? value.indexOf(']') : -1;
        int colon = value.indexOf(':', Math.max(close, 0));
        String host = close > 0 ? value.substring(1, close) : colon < 0 ? value : value.substring(0, colon);
        if (host.isEmpty()) {
            throw invalid("has no host");
        }
        return new String[] {host, colon < 0 ? "" : value.substring(colon + 1)};
    }

    private static int port(String value) {
        if (value.isEmpty()) {
            return PgConfig.DEFAULT_PORT;
        }
        try {
            int port = Integer.parseInt(value);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw invalid("has port '" + value + "', which is not in 1..65535");
    }

    private static String decode(String value) {
        return URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static IllegalArgumentException invalid(String rule) {
        return new IllegalArgumentException("Postgres URL " + rule + "; expected " + FORM);
    }
}
