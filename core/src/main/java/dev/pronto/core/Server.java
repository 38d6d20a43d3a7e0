package dev.pronto.core;

import dev.pronto.core.internal.exchange.RouteTable;
import dev.pronto.core.internal.registry.BuiltInProtocols;
import dev.pronto.core.internal.server.ListenerSetup;
import dev.pronto.core.internal.server.RouteListing;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerInitializer;
import dev.pronto.core.internal.server.ServerLifecycle;
import dev.pronto.core.internal.server.ShutdownSignals;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * An HTTP/1.1 server: Netty event loops (io_uring, epoll or NIO) running Pronto's codec and router, on
 * one or more {@link Listener}s, cleartext or TLS.
 *
 * <pre>{@code
 * Server server = Server.builder()
 *     .port(8080)
 *     .routes(r -> r.get("/plaintext", (req, res) -> res.send("Hello, World!")))
 *     .build().start();
 * }</pre>
 *
 * <p>Threading: {@link #start()} and {@link #stop(Duration)} may be called from any thread but not
 * concurrently. Handlers run on the event loop of their connection (see {@link Handler}).
 */
public final class Server implements AutoCloseable {
    static {
        dev.pronto.core.internal.server.NettyDefaults.apply();
    }

    private final ServerLifecycle lifecycle;
    private final List<Consumer<Server>> onStart;
    private final List<Consumer<Server>> onStop;

    private final List<Runnable> onDrain;
    private final java.util.concurrent.atomic.AtomicBoolean drained = new java.util.concurrent.atomic.AtomicBoolean();

    private Server(ServerContext context, List<ListenerSetup> listeners, Builder b) {
        this.lifecycle = new ServerLifecycle(context, b.loops, listeners);
        if (b.earlyLoops != null) {
            lifecycle.adopt(b.earlyLoops);
        }
        this.onStart = List.copyOf(b.onStart);
        this.onStop = List.copyOf(b.onStop);
        this.onDrain = b.routes.drainActions();
    }

    /** A builder with the default configuration and no routes. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Binds every listener and starts serving; logs the addresses and the transport once. Cleartext listeners
     * serve at once. The TLS contexts are built afterwards on a daemon thread ({@code pronto-tls-init}), so
     * start-up does not wait for them: a TLS listener is bound at once, and connections made before its
     * context exists wait in the accept queue and are served when it does. A context that cannot be built
     * (the engine refuses the key or the protocols) closes that listener and logs an ERROR.
     *
     * @return this server
     * @throws IllegalStateException if a port cannot be bound (the message names host and port),
     *         if the server is already running, or if it was stopped: a stopped server cannot start
     *         again, build a new one. A start that fails to bind runs the {@link Builder#onStop} hooks
     *         before it throws, so what they close (a Postgres client, Vert.x's loops with their
     *         non-daemon threads) does not keep the JVM alive after {@code main} failed
     */
    public Server start() {
        boolean fresh = lifecycle.startable();
        try {
            lifecycle.start();
        } catch (RuntimeException failed) {
            if (fresh) {
                runStopHooks(failed);
            }
            throw failed;
        }
        onStart.forEach(hook -> hook.accept(this));
        if (lifecycle.context().config().shutdownHook()) {
            ShutdownSignals.register(this, this::close, lifecycle.context().log());
        }
        return this;
    }

    /**
     * Starts the server without binding its listeners, for a carrier that hands it connections through
     * {@link #channelInitializer()} itself, such as {@link dev.pronto.core.testing.TestClient}: runs the
     * {@link Builder#onStart} hooks as {@link #start()} does, and {@link #stop(Duration)} runs the
     * {@link Routes#onDrain} actions and {@link Builder#onStop} hooks. Installs no shutdown hook.
     *
     * @return this server
     * @throws IllegalStateException if the server is already started or was stopped
     */
    public Server startWithoutListeners() {
        lifecycle.startWithoutListeners();
        onStart.forEach(hook -> hook.accept(this));
        return this;
    }

    /** Whether the server is started ({@link #start()} or {@link #startWithoutListeners()}) and not stopped. Any thread. */
    public boolean running() {
        return lifecycle.running();
    }

    /** The first listener's bound port (useful with port 0), or -1 before start and after stop. */
    public int port() {
        return lifecycle.port();
    }

    /** Every listener's bound port, in the order the listeners were added; empty before start and after stop. */
    public List<Integer> ports() {
        return lifecycle.ports();
    }

    /**
     * The registered routes as {@code "METHOD pattern"} (e.g. {@code "GET /users/{id}"}), in registration
     * order, for an index page or diagnostics. Fixed by {@link Builder#build()}: any thread, any time, also
     * before start. The same table is logged at DEBUG on the logger {@code dev.pronto.core.Server.routes}
     * right after the "listening on" line; enable that logger in the logging backend to see it at start
     * (off by default, as with the route mappings of Spring and Micronaut).
     */
    public List<String> routes() {
        return RouteListing.lines(lifecycle.context().routes());
    }

    /**
     * Reads the key, certificate and CA files of every TLS listener again: new handshakes use the new
     * certificate, open connections carry on with theirs. A listener whose files cannot be used keeps its
     * current certificate and logs one WARN naming the file. Works before start too. Any thread; blocks
     * while reading the files.
     *
     * @return whether every TLS listener now uses the files as they are (true when there is none)
     */
    public boolean reloadTls() {
        return lifecycle.reloadTls();
    }

    /**
     * TLS handshakes that failed since the server was built: timeouts, plain HTTP or garbage sent to a TLS
     * port, no common TLS version or cipher, a refused or missing client certificate. Each closed the
     * connection; none is logged above DEBUG. A peer that closes during the handshake is not counted.
     */
    public long tlsHandshakeFailures() {
        return lifecycle.context().tlsHandshakeFailures();
    }

    /**
     * The initializer that installs Pronto's HTTP/1.1 handling on one channel, for running this
     * server's routes on channels it did not create: an {@code EmbeddedChannel} or
     * {@code LocalChannel} in tests, or a bootstrap of your own. Connections made this way share
     * this server's routes, limits and blocking executor; {@link #stop(Duration)} drains them too.
     */
    public ChannelInitializer<Channel> channelInitializer() {
        return new ServerInitializer(lifecycle.context());
    }

    /**
     * Like {@link #channelInitializer()}, but connections are served as {@code listener} would serve
     * them: its protocols and, when it has one, its TLS configuration (read now). Its port and host
     * are ignored.
     *
     * @throws IllegalArgumentException when the listener's protocols cannot be served or its TLS
     *     files cannot be read
     */
    public ChannelInitializer<Channel> channelInitializer(Listener listener) {
        return new ServerInitializer(lifecycle.context(), ListenerSetup.of(listener));
    }

    /**
     * The event loops serving connections (created by the server, or the ones given to
     * {@link Builder#eventLoops(EventLoops)}), for clients that should share them. Available before
     * {@link #start()}: the first call creates them and {@code start()} serves on the same loops, so an
     * {@code HttpClient} or a database client can be built next to the server, with no holder for later.
     * A server stopped without ever starting shuts loops it created down. Any thread.
     *
     * @return the loops; null once the server stopped
     */
    public EventLoopGroup eventLoopGroup() {
        return lifecycle.group();
    }

    /** Number of open connections. */
    public int openConnections() {
        return lifecycle.context().openConnections();
    }

    /**
     * Open connections that speak {@code kind} now, counted on each call (O(open connections)): for a metrics
     * scrape, not a request path. Any thread.
     */
    public int openConnections(ConnectionKind kind) {
        return lifecycle.context().openConnections(java.util.Objects.requireNonNull(kind, "kind"));
    }

    /** HTTP/2 streams open now over every connection, counted on each call (O(open connections)): for a scrape. */
    public int openHttp2Streams() {
        return lifecycle.context().openHttp2Streams();
    }

    /** HTTP/2 streams that ended with {@code outcome} since the server was built. Any thread. */
    public long http2Streams(Http2StreamOutcome outcome) {
        return lifecycle.context().counters().streams(Objects.requireNonNull(outcome, "outcome"));
    }

    /** WebSocket messages received since the server was built (a fragmented one counts once, at its last fragment). */
    public long webSocketMessagesReceived() {
        return lifecycle.context().counters().messagesIn();
    }

    /** WebSocket text and binary messages the application sent since the server was built (pings excluded). */
    public long webSocketMessagesSent() {
        return lifecycle.context().counters().messagesOut();
    }

    /**
     * WebSocket sessions that ended with a close code counted under {@code codeTag}, one of
     * {@link MeterNames#WEBSOCKET_CLOSE_CODES} ({@link MeterNames#webSocketCloseCodeTag(int)}); 0 for another value.
     */
    public long webSocketCloses(String codeTag) {
        return lifecycle.context().counters().closes(codeTag);
    }

    /** The transport in use after start: io_uring, epoll or NIO. */
    public Transport transport() {
        return lifecycle.transport();
    }

    /**
     * Stops gracefully: runs the {@link Routes#onDrain} actions (readiness DOWN, logged when the server
     * listens on a port), stops accepting, lets
     * in-flight requests finish (their responses carry
     * {@code Connection: close}), closes idle keep-alive connections, and after {@code grace}
     * closes whatever is left. Blocks until the event loops have stopped.
     */
    public void stop(Duration grace) {
        Objects.requireNonNull(grace, "grace");
        boolean running = lifecycle.running();
        ShutdownSignals.unregister(this);
        if (running && !onDrain.isEmpty() && drained.compareAndSet(false, true)) {
            // only a server with listeners has traffic to drain: a TestClient's server says nothing in every test
            if (!lifecycle.ports().isEmpty()) {
                lifecycle.context().log().info("Pronto stopping: readiness DOWN");
            }
            for (Runnable action : onDrain) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    lifecycle.context().log().warn("onDrain action failed; stopping anyway", e);
                }
            }
        }
        lifecycle.stop(grace);
        if (running) {
            onStop.forEach(hook -> hook.accept(this));
        }
    }

    private void runStopHooks(RuntimeException failed) {
        for (Consumer<Server> hook : onStop) {
            try {
                hook.accept(this);
            } catch (RuntimeException e) {
                failed.addSuppressed(e);
            }
        }
    }

    /** Stops with the configured {@link ServerConfig#shutdownTimeout()}. */
    @Override
    public void close() {
        stop(lifecycle.context().config().shutdownTimeout());
    }

    /** Fluent builder of a {@link Server}. Not thread-safe. */
    public static final class Builder {
        private ServerConfig.Builder config = ServerConfig.builder();
        private ServerConfig fixed;
        private final Routes routes = new Routes();
        private JsonCodec json;
        private Compression compression;
        private ErrorFormat errorFormat = ErrorFormat.TEXT;
        private Http2Config http2 = Http2Config.defaults();
        private Http3Config http3 = Http3Config.defaults();
        private EventLoops loops;
        private EventLoops earlyLoops;
        private final List<Listener> listeners = new ArrayList<>();
        private final List<Consumer<Server>> onStart = new ArrayList<>();
        private final List<Consumer<Server>> onStop = new ArrayList<>();

        private Builder() {
        }

        /**
         * Runs the server on event loops owned by the caller (for example Vert.x's) instead of
         * creating its own; they are not shut down by {@link Server#stop(Duration)}.
         */
        public Builder eventLoops(EventLoops value) {
            loops = Objects.requireNonNull(value, "value");
            return this;
        }

        /**
         * The event loops the server will serve on, created now, so that clients sharing them (an
         * {@code HttpClient}, a proxy's upstreams, a database client) can be built before the routes that
         * use them, with no holder filled in after {@code start()}:
         *
         * <pre>{@code
         * Server.Builder b = Server.builder().config(c -> c.ioThreads(4));
         * HttpClient backend = HttpClient.create(ClientConfig.defaults(), b.eventLoopGroup());
         * Server server = b.routes(r -> r.get("/", (req, res) -> res.send(backend.get(...)))).build().start();
         * }</pre>
         *
         * <p>Created on the first call from the configuration as set so far ({@code ioThreads},
         * {@code transport}); later changes to those two do not apply. The loops belong to the server
         * built from this builder, which shuts them down when it stops; the loops given to
         * {@link #eventLoops(EventLoops)} are returned as they are. Not thread-safe, like the builder.
         *
         * @return the loops; the same group on every call
         */
        public EventLoopGroup eventLoopGroup() {
            if (loops != null) {
                return loops.group();
            }
            if (earlyLoops == null) {
                ServerConfig cfg = fixed != null ? fixed : config.build();
                earlyLoops = ServerLifecycle.createLoops(cfg, org.slf4j.LoggerFactory.getLogger(Server.class));
            }
            return earlyLoops.group();
        }

        /**
         * Adds a listener: a port with its protocols, cleartext or TLS. Listeners share routes, limits and
         * event loops. Without any, the server has one cleartext HTTP/1.1 listener on
         * {@link ServerConfig#host()}:{@link ServerConfig#port()}; once one is added, {@code ServerConfig.port}
         * is not bound.
         */
        public Builder listener(Listener value) {
            listeners.add(Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Shortcut for {@code config(c -> c.port(port))}: the port of the default listener. */
        public Builder port(int port) {
            config.port(port);
            return this;
        }

        /** Adjusts the configuration. */
        public Builder config(Consumer<ServerConfig.Builder> change) {
            change.accept(config);
            return this;
        }

        /** Uses {@code value} as the whole configuration; later {@link #port(int)} calls are ignored. */
        public Builder config(ServerConfig value) {
            fixed = Objects.requireNonNull(value, "value");
            return this;
        }

        /** Registers routes and error handlers. May be called several times. */
        public Builder routes(Consumer<Routes> registration) {
            registration.accept(routes);
            return this;
        }

        /** Sets the JSON codec used by {@code res.json} and {@code req.json}. */
        public Builder json(JsonCodec codec) {
            json = Objects.requireNonNull(codec, "codec");
            return this;
        }

        /** Adds a hook run, in order, on the caller of {@link Server#start()} once it is serving. */
        public Builder onStart(Consumer<Server> hook) {
            onStart.add(Objects.requireNonNull(hook, "hook"));
            return this;
        }

        /**
         * Adds a hook run, in order, on the caller of {@link Server#stop(Duration)} once it stopped, and on
         * the caller of {@link Server#start()} when binding failed (before {@code start} throws).
         */
        public Builder onStop(Consumer<Server> hook) {
            onStop.add(Objects.requireNonNull(hook, "hook"));
            return this;
        }

        /** Chooses how the server writes its own error bodies (default {@link ErrorFormat#TEXT}). */
        public Builder errorFormat(ErrorFormat value) {
            errorFormat = Objects.requireNonNull(value, "value");
            return this;
        }

        /** Sets the HTTP/2 settings and limits (default {@link Http2Config#defaults()}). */
        public Builder http2(Http2Config value) {
            http2 = Objects.requireNonNull(value, "value");
            return this;
        }

        /** Sets the QUIC and HTTP/3 settings of {@link Listener#http3} listeners (default {@link Http3Config#defaults()}). */
        public Builder http3(Http3Config value) {
            http3 = Objects.requireNonNull(value, "value");
            return this;
        }

        /** Enables response compression (and, if configured, gzip request bodies). */
        public Builder compression(Compression value) {
            compression = Objects.requireNonNull(value, "value");
            return this;
        }

        /**
         * Validates the configuration, compiles the routes and creates the server (not started). The TLS
         * files were read and checked when their {@link TlsKeys} were made; the TLS contexts are built by
         * {@link Server#start()}.
         *
         * @throws IllegalArgumentException naming an invalid field, a TLS file that cannot be used, a
         *         protocol that is not served, or a conflicting route
         */
        public Server build() {
            ServerConfig cfg = fixed != null ? fixed : config.build();
            List<ListenerSetup> setups = ListenerSetup.all(listeners.isEmpty() ? List.of(Listener.http(cfg.port())) : listeners);
            RouteTable table = routes.compile();
            return new Server(new ServerContext(cfg, table, new ServerContext.Features(json, compression, errorFormat, http2, http3,
                    BuiltInProtocols.carriers()),
                    java.util.concurrent.Executors.newThreadPerTaskExecutor(
                            Thread.ofVirtual().name("pronto-blocking-", 0).factory())), setups, this);
        }
    }
}
