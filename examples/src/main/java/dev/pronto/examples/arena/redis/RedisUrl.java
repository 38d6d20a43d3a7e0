package dev.pronto.examples.arena.redis;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Where Redis listens, from a URL such as {@code redis://127.0.0.1:6379} (the port defaults to 6379).
 *
 * @param host the host name or address, never blank
 * @param port the TCP port, 1..65535
 */
public record RedisUrl(String host, int port) {
    /** HttpArena's cache service. */
    public static final String DEFAULT = "redis://127.0.0.1:6379";

    /**
     * Checks the fields.
     *
     * @throws IllegalArgumentException naming the field and value when one is out of range
     */
    public RedisUrl {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank, got '" + host + "'");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535, got " + port);
        }
    }

    /**
     * Parses {@code url}: scheme {@code redis}, a host, an optional port; no user, password or database.
     *
     * @throws IllegalArgumentException naming the URL when it is not of that form
     */
    public static RedisUrl parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("REDIS_URL must look like redis://host:port, got '" + url + "'", e);
        }
        if (uri.getRawUserInfo() != null) {
            // not echoed: it would put the password in the log
            throw new IllegalArgumentException("REDIS_URL must not carry a user or password");
        }
        String path = uri.getPath();
        if (!"redis".equals(uri.getScheme()) || uri.getHost() == null
                || (path != null && !path.isEmpty() && !"/".equals(path) && !"/0".equals(path))) {
            throw new IllegalArgumentException("REDIS_URL must look like redis://host:port (no database other than 0),"
                    + " got '" + url + "'");
        }
        return new RedisUrl(uri.getHost(), uri.getPort() == -1 ? 6379 : uri.getPort());
    }
}
