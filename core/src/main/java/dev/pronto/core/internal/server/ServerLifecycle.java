package dev.pronto.core.internal.server;

import dev.pronto.core.EventLoops;
import dev.pronto.core.ServerConfig;
import dev.pronto.core.Transport;
import dev.pronto.wire.IoTransport;
import dev.pronto.wire.Transports;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.unix.UnixChannelOption;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;

/** Starts and stops the event loops and listeners of one server, and reloads their TLS material. */
public final class ServerLifecycle {
    private final ServerContext context;
    private final List<ListenerSetup> setups;
    private final List<Channel> channels = new ArrayList<>();
    private final List<io.netty.util.concurrent.Future<?>> watches = new ArrayList<>();
    /** Listeners their protocol bound itself (HTTP/3 on UDP): their TLS is the protocol's too. */
    private final List<ListenerSetup> ownTransport = new ArrayList<>();
    private final List<Channel> ownChannels = new ArrayList<>();
    private final EventLoops external;
    /** Loops the builder created early for this server: not external, so stop shuts them down. */
    private EventLoops owned;
    private EventLoopGroup group;
    /** Null when the check is off or the server is not running. */
    private dev.pronto.core.internal.util.BlockedLoopWatch blockedLoops;
    private Class<? extends ServerChannel> serverChannel;
    private Transport transport;
    private volatile List<Integer> ports = List.of();
    private boolean stopped;
    private boolean running;

    /**
     * Creates the lifecycle of the server described by {@code context}.
     *
     * @param external loops to run on instead of creating them, or null
     * @param setups the listeners to bind, in order; at least one
     */
    public ServerLifecycle(ServerContext context, EventLoops external, List<ListenerSetup> setups) {
        this.context = context;
        this.external = external;
        this.setups = List.copyOf(setups);
    }

    /**
     * The event loops serving connections: created on the first call when {@link #start()} has not run yet,
     * so clients can share them before the server binds; null once stopped.
     */
    public synchronized EventLoopGroup group() {
        if (group == null && !stopped) {
            createLoops(context.config());
        }
        return group;
    }

    /** Whether {@link #start()} or {@link #startWithoutListeners()} ran and {@link #stop} did not yet. */
    public synchronized boolean running() {
        return running;
    }

    /**
     * Starts without binding any listener: a carrier feeds connections through the server's channel
     * initializers itself (the in-memory test client). The loops are still created on demand.
     *
     * @throws IllegalStateException if already started or stopped
     */
    public synchronized void startWithoutListeners() {
        checkStartable();
        running = true;
    }

    /** Whether {@link #start()} may be called: neither running nor stopped. */
    public synchronized boolean startable() {
        return !running && !stopped;
    }

    private void checkStartable() {
        if (running) {
            throw new IllegalStateException("server already started");
        }
        if (stopped) {
            throw new IllegalStateException("server was stopped and cannot start again (its blocking executor "
                    + "and connections are gone); build a new one with Server.builder()");
        }
    }

    private void createLoops(ServerConfig cfg) {
        EventLoops loops = external != null ? external : owned != null ? owned : createLoops(cfg, context.log());
        group = loops.group();
        serverChannel = loops.serverChannel();
        transport = WireSettings.transport(Transports.of(serverChannel));
    }

    /**
     * New event loops as a server with {@code cfg} creates them: {@code ioThreads} loops of the best
     * available transport at or below {@code cfg.transport()} (a WARN names a fallback). The caller owns them.
     */
    public static EventLoops createLoops(ServerConfig cfg, Logger log) {
        IoTransport transport = Transports.resolve(WireSettings.transport(cfg.transport()));
        if (cfg.transport() != Transport.AUTO && WireSettings.transport(transport) != cfg.transport()) {
            log.warn("Transport {} unavailable ({}); using {}", cfg.transport(),
                    Transports.unavailabilityCause(WireSettings.transport(cfg.transport())), transport);
        }
        return new EventLoops(new MultiThreadIoEventLoopGroup(cfg.ioThreads(), Transports.ioHandlerFactory(transport)),
                Transports.serverChannel(transport));
    }

    /**
     * Serves on {@code loops}, created early by the server's builder, and shuts them down on stop as if
     * this lifecycle had created them. Call before {@link #start()}.
     */
    public synchronized void adopt(EventLoops loops) {
        owned = loops;
    }

    /** The shared server state. */
    public ServerContext context() {
        return context;
    }

    /** The first listener's bound port, -1 before start and after stop. */
    public int port() {
        List<Integer> p = ports;
        return p.isEmpty() ? -1 : p.getFirst();
    }

    /** The bound ports in listener order; empty before start and after stop. */
    public List<Integer> ports() {
        return ports;
    }

    /** The transport in use, null before start. */
    public Transport transport() {
        return transport;
    }

    /** Creates the event loops and binds; see {@code Server.start()}. */
    public synchronized void start() {
        checkStartable();
        long began = System.nanoTime();
        ServerConfig cfg = context.config();
        if (group == null) {
            createLoops(cfg);
        }
        running = true;
        List<Integer> bound = new ArrayList<>();
        TlsWarmup warmup = new TlsWarmup(context.log());
        try {
            for (int i = 0; i < setups.size(); i++) {
                int before = channels.size();
                bound.add(bind(cfg, setups.get(i)));
                ServerTls tls = setups.get(i).tls();
                if (tls != null && !tls.ready() && !ownTransport.contains(setups.get(i))) {
                    warmup.add(tls::prepare, channels.subList(before, channels.size()), setups.get(i).describe(cfg, bound.get(i)));
                }
            }
        } catch (RuntimeException e) {
            stop(Duration.ZERO);
            throw e;
        }
        ports = List.copyOf(bound);
        warmup.start();
        watchTls();
        blockedLoops = dev.pronto.core.internal.util.BlockedLoopWatch.start(group, cfg.blockedLoopWarning(), context.log());
        context.log().info("Pronto listening on {} ({}, {} event loops{}, {} routes) {}", describe(), transport,
                loopCount(), reusePort(cfg) ? ", SO_REUSEPORT" : "", context.routes().router().routes().size(),
                StartupLine.took(began));
        RouteListing.log(context.routes());
    }

    private String describe() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < setups.size(); i++) {
            out.add(StartupLine.listener(where(i), setups.get(i).listener()));
        }
        return String.join(", ", out);
    }

    /**
     * Reloads every TLS listener's files; one that fails keeps its certificate and logs a WARN.
     *
     * @return whether every TLS listener now uses freshly read material
     */
    public boolean reloadTls() {
        boolean all = true;
        for (int i = 0; i < setups.size(); i++) {
            if (setups.get(i).tls() != null) {
                all &= setups.get(i).tls().reload(where(i));
            }
        }
        return all;
    }

    private String where(int i) {
        List<Integer> p = ports;
        return setups.get(i).describe(context.config(), i < p.size() ? p.get(i) : setups.get(i).listener().port());
    }

    /** Polls the files of each TLS listener that asked for it; the checks run off the event loops. */
    private void watchTls() {
        for (int i = 0; i < setups.size(); i++) {
            ServerTls tls = setups.get(i).tls();
            if (tls == null || tls.config().reloadInterval().isZero()) {
                continue;
            }
            String where = where(i);
            long every = tls.config().reloadInterval().toNanos();
            watches.add(group.next().scheduleWithFixedDelay(() -> {
                try {
                    context.blockingExecutor().execute(() -> {
                        if (tls.changed()) {
                            tls.reload(where);
                        }
                    });
                } catch (RejectedExecutionException stopping) {
                    // the server is stopping; its watch is being cancelled
                }
            }, every, every, TimeUnit.NANOSECONDS));
        }
    }

    private int loopCount() {
        int n = 0;
        for (EventExecutor ignored : group) {
            n++;
        }
        return n;
    }

    private boolean reusePort(ServerConfig cfg) {
        return cfg.reusePort() && transport != Transport.NIO;
    }

    /** Binds one listener (once per loop with SO_REUSEPORT); returns its port. */
    private int bind(ServerConfig cfg, ListenerSetup setup) {
        String host = setup.host(cfg);
        List<Channel> own = context.protocols().lead(setup).bind(setup, context,
                new ServerProtocol.Binding(group, serverChannel, host));
        if (own != null) {
            // closed after the connections drained: a UDP socket carries its QUIC connections' packets
            ownChannels.addAll(own);
            ownTransport.add(setup);
            return ((InetSocketAddress) own.getFirst().localAddress()).getPort();
        }
        if (!reusePort(cfg)) {
            return bindOne(bootstrap(cfg, setup).group(group), host, setup.listener().port());
        }
        int p = setup.listener().port();
        for (EventExecutor executor : group) {
            EventLoop loop = (EventLoop) executor;
            // One bootstrap per loop, so connections stay on the loop whose listener accepted them.
            ServerBootstrap b = bootstrap(cfg, setup).group(loop, loop).option(UnixChannelOption.SO_REUSEPORT, true);
            p = bindOne(b, host, p);
        }
        return p;
    }

    private ServerBootstrap bootstrap(ServerConfig cfg, ListenerSetup setup) {
        return new ServerBootstrap()
                .channel(serverChannel)
                .option(ChannelOption.SO_BACKLOG, cfg.backlog())
                .option(ChannelOption.SO_REUSEADDR, true)
                // a TLS listener accepts once its context is built (TlsWarmup); until then the kernel queues connections
                .option(ChannelOption.AUTO_READ, setup.tls() == null || setup.tls().ready())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, ByteBufAllocator.DEFAULT)
                .childHandler(new ServerInitializer(context, setup));
    }

    private int bindOne(ServerBootstrap b, String host, int p) {
        try {
            Channel ch = b.bind(host, p).syncUninterruptibly().channel();
            channels.add(ch);
            return ((InetSocketAddress) ch.localAddress()).getPort();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot bind " + host + ":" + p + " (" + e.getMessage()
                    + "); choose another port or stop the process using it", e);
        }
    }

    /** Graceful stop; see {@code Server.stop(Duration)}. */
    public synchronized void stop(Duration grace) {
        if (!running && group == null) {
            return;
        }
        long began = System.nanoTime();
        boolean listening = !ports.isEmpty();
        watches.forEach(w -> w.cancel(false));
        watches.clear();
        if (blockedLoops != null) {
            blockedLoops.stop();
            blockedLoops = null;
        }
        if (listening) {
            context.log().info("Pronto draining {} open connections (up to {})", context.openConnections(), grace);
        }
        context.startDraining();
        channels.forEach(ch -> ch.close().syncUninterruptibly());
        channels.clear();
        context.drainAll();
        long deadline = System.nanoTime() + grace.toNanos();
        while (context.openConnections() > 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        int cut = context.openConnections();
        context.closeAll();
        // every connection runs its teardown (and frees its buffers) on its loop before the loop may stop:
        // a loop already terminating can refuse the channelInactive that an io_uring close schedules
        awaitClosed(deadline);
        ownChannels.forEach(ch -> ch.close().syncUninterruptibly());
        ownChannels.clear();
        if (external == null && group != null) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
        context.blockingExecutor().shutdownNow();
        // an exchange whose handler outlived its loop is never recycled: its upload files go here
        context.uploads().discardAll();
        group = null;
        running = false;
        ports = List.of();
        stopped = true;
        if (listening) {
            context.log().info("Pronto stopped in {} ms{}", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began),
                    cut == 0 ? "" : "; " + cut + " connections were still busy at the deadline and were closed");
        }
    }

    private void awaitClosed(long deadline) {
        long hardDeadline = Math.max(deadline, System.nanoTime()) + TimeUnit.SECONDS.toNanos(2);
        while (context.openConnections() > 0 && System.nanoTime() < hardDeadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }
}
