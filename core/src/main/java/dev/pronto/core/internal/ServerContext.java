package dev.pronto.core.internal;

import dev.pronto.core.JsonCodec;
import dev.pronto.core.ServerConfig;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every connection of one server shares: configuration, routes, the JSON codec, the
 * virtual-thread executor for blocking handlers, and the set of open connections for shutdown.
 */
public final class ServerContext {
    private static final Logger LOG = LoggerFactory.getLogger("dev.pronto.core.Server");

    private final ServerConfig config;
    private final RouteTable routes;
    private final JsonCodec json;
    private final Compressors compressors;
    private final ExecutorService blocking;
    private final Set<HttpConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger open = new AtomicInteger();

    /**
     * Creates the shared state of a server.
     *
     * @param config validated configuration
     * @param routes compiled routes
     * @param features the optional codecs: JSON and compression
     * @param blocking executor of blocking handlers (virtual threads); shut down by the owner
     */
    public ServerContext(ServerConfig config, RouteTable routes, Features features, ExecutorService blocking) {
        this.config = config;
        this.routes = routes;
        this.json = features.json();
        this.compressors = features.compression() == null ? null : new Compressors(features.compression());
        this.blocking = blocking;
    }

    /**
     * Optional parts of a server.
     *
     * @param json the JSON codec, or null
     * @param compression response compression settings, or null for none
     */
    public record Features(JsonCodec json, dev.pronto.core.Compression compression) {
    }

    Compressors compressors() {
        return compressors;
    }

    /** The configuration. */
    public ServerConfig config() {
        return config;
    }

    /** The compiled routes. */
    public RouteTable routes() {
        return routes;
    }

    JsonCodec json() {
        if (json == null) {
            throw new IllegalStateException("No JSON codec configured: add Server.builder().json(ProntoJson.create(...))");
        }
        return json;
    }

    ExecutorService blockingExecutor() {
        return blocking;
    }

    Logger log() {
        return LOG;
    }

    /** Reserves a connection slot; false when {@code maxConnections} are already open. */
    public boolean tryAcquireConnection() {
        if (open.incrementAndGet() > config.maxConnections()) {
            open.decrementAndGet();
            return false;
        }
        return true;
    }

    /** Frees a slot reserved by {@link #tryAcquireConnection()}. */
    public void releaseConnection() {
        open.decrementAndGet();
    }

    /** Number of open connections. */
    public int openConnections() {
        return connections.size();
    }

    void opened(HttpConnection c) {
        connections.add(c);
    }

    void closed(HttpConnection c) {
        connections.remove(c);
    }

    /** Asks every connection to finish its in-flight requests and close. */
    public void drainAll() {
        connections.forEach(HttpConnection::drainAndClose);
    }

    /** Closes every connection at once. */
    public void closeAll() {
        connections.forEach(c -> c.eventLoop().execute(c::closeNow));
    }
}
