package dev.pronto.core.internal.server;

import dev.pronto.core.JsonCodec;
import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.content.Compressors;
import dev.pronto.core.internal.exchange.ExchangeContext;
import dev.pronto.core.internal.exchange.RouteTable;
import dev.pronto.core.internal.exchange.ServerConnection;
import dev.pronto.core.internal.util.ConsoleLogger;
import dev.pronto.core.internal.util.RateLimitedWarnings;
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
public final class ServerContext implements ExchangeContext {
    private static final Logger LOG = ConsoleLogger.unlessSilent(LoggerFactory.getLogger("dev.pronto.core.Server"),
            LoggerFactory.getILoggerFactory());

    private final ServerConfig config;
    private final RouteTable routes;
    private final JsonCodec json;
    private final Compressors compressors;
    private final boolean problemDetails;
    private final dev.pronto.core.Http2Config http2;
    private final dev.pronto.core.Http3Config http3;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ExecutorService blocking;
    private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger open = new AtomicInteger();
    private final ProtocolCarriers protocols;
    private final dev.pronto.core.internal.form.UploadRegistry uploads = new dev.pronto.core.internal.form.UploadRegistry();

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
        this.problemDetails = features.errors() == dev.pronto.core.ErrorFormat.PROBLEM_JSON;
        this.http2 = features.http2() == null ? dev.pronto.core.Http2Config.defaults() : features.http2();
        this.http3 = features.http3() == null ? dev.pronto.core.Http3Config.defaults() : features.http3();
        this.blocking = blocking;
        this.protocols = features.protocols();
    }

    /**
     * Optional parts of a server.
     *
     * @param json the JSON codec, or null
     * @param compression response compression settings, or null for none
     * @param errors how the server writes its own error bodies
     * @param http2 HTTP/2 settings, or null for the defaults
     * @param http3 QUIC and HTTP/3 settings, or null for the defaults
     * @param protocols the protocols the server speaks ({@code registry.BuiltInProtocols.carriers()})
     */
    public record Features(JsonCodec json, dev.pronto.core.Compression compression, dev.pronto.core.ErrorFormat errors,
                           dev.pronto.core.Http2Config http2, dev.pronto.core.Http3Config http3,
                           ProtocolCarriers protocols) {
    }

    /** The protocols this server speaks, by id: how a carrier finds another one. */
    public ProtocolCarriers protocols() {
        return protocols;
    }

    /** The QUIC and HTTP/3 settings. */
    public dev.pronto.core.Http3Config http3() {
        return http3;
    }

    /** The HTTP/2 settings. */
    public dev.pronto.core.Http2Config http2() {
        return http2;
    }

    @Override
    public boolean problemDetails() {
        return problemDetails;
    }

    @Override
    public boolean admitInFlight() {
        if (inFlight.incrementAndGet() > config.maxInFlight()) {
            inFlight.decrementAndGet();
            return false;
        }
        return true;
    }

    @Override
    public void releaseInFlight() {
        inFlight.decrementAndGet();
    }

    /** Requests in flight (counted only when {@code maxInFlight} is set). */
    public int inFlight() {
        return inFlight.get();
    }

    @Override
    public Compressors compressors() {
        return compressors;
    }

    /** The multipart forms under way, whose temporary files a stopping server deletes. */
    @Override
    public dev.pronto.core.internal.form.UploadRegistry uploads() {
        return uploads;
    }

    @Override
    public ServerConfig config() {
        return config;
    }

    /** The compiled routes. */
    @Override
    public RouteTable routes() {
        return routes;
    }

    @Override
    public JsonCodec json() {
        if (json == null) {
            throw new IllegalStateException("No JSON codec configured: add Server.builder().json(ProntoJson.create(...))");
        }
        return json;
    }

    @Override
    public ExecutorService blockingExecutor() {
        return blocking;
    }

    /** The server's logger ({@code dev.pronto.core.Server}; the console when SLF4J has no provider). */
    @Override
    public Logger log() {
        return LOG;
    }

    private final RateLimitedWarnings channelWarnings = new RateLimitedWarnings();
    private final RateLimitedWarnings lateFailures = new RateLimitedWarnings();

    /**
     * A channel failed outside any exchange. Peers that reset or vanish are routine (DEBUG); anything
     * else is logged at WARN, at most once per ten seconds per server, with the count of the others.
     */
    public void connectionFailed(io.netty.channel.Channel channel, Throwable cause) {
        if (cause instanceof java.io.IOException) {
            LOG.debug("Connection {} failed; closing it", channel, cause);
        } else if (channelWarnings.allow()) {
            LOG.warn("Connection {} failed unexpectedly; closing it{}", channel, channelWarnings.suffix(), cause);
        }
    }

    private final java.util.concurrent.atomic.LongAdder tlsFailures = new java.util.concurrent.atomic.LongAdder();
    private final ProtocolCounters counters = new ProtocolCounters();

    /** HTTP/2 stream and WebSocket message counters. */
    public ProtocolCounters counters() {
        return counters;
    }

    /** HTTP/2 streams open now over every connection, counted now: O(open connections), for a scrape. */
    public int openHttp2Streams() {
        int n = 0;
        for (ServerConnection c : connections) {
            n += c.activeStreams();
        }
        return n;
    }

    /**
     * A TLS handshake failed: counted, and logged at DEBUG only, since scanners and plain HTTP sent to a
     * TLS port are routine. A peer that closes before finishing is not counted (a TCP health check).
     */
    public void tlsHandshakeFailed(io.netty.channel.Channel channel, Throwable cause) {
        if (!(cause instanceof java.nio.channels.ClosedChannelException)) {
            tlsFailures.increment();
        }
        LOG.debug("TLS handshake with {} failed: {}", channel.remoteAddress(), cause.toString());
    }

    /** TLS handshakes that failed since start, see {@code Server.tlsHandshakeFailures()}. */
    public long tlsHandshakeFailures() {
        return tlsFailures.sum();
    }

    /** A hook, handler or callback failed after its response was sent: WARN, rate-limited. */
    @Override
    public void failedAfterAnswer(String what, Throwable cause) {
        if (lateFailures.allow()) {
            LOG.warn("{}{}", what, lateFailures.suffix(), cause);
        }
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

    /** Open connections of {@code kind}, counted now: O(open connections), meant for a metrics scrape. */
    public int openConnections(dev.pronto.core.ConnectionKind kind) {
        return protocols.count(kind, connections);
    }

    public void opened(ServerConnection c) {
        connections.add(c);
    }

    public void closed(ServerConnection c) {
        connections.remove(c);
    }

    private volatile boolean draining;

    /** Marks the whole server as shutting down: every response from now on closes its connection. */
    public void startDraining() {
        draining = true;
    }

    public boolean draining() {
        return draining;
    }

    /** Asks every connection to finish its in-flight requests and close. */
    public void drainAll() {
        connections.forEach(ServerConnection::drainAndClose);
    }

    /** Closes every connection at once. */
    public void closeAll() {
        connections.forEach(c -> c.eventLoop().execute(c::closeNow));
    }
}
