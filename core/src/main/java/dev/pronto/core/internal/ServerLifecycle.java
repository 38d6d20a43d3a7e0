package dev.pronto.core.internal;

import dev.pronto.core.EventLoops;
import dev.pronto.core.ServerConfig;
import dev.pronto.core.Transport;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Starts and stops the event loops and listeners of one server. */
public final class ServerLifecycle {
    private final ServerContext context;
    private final List<Channel> listeners = new ArrayList<>();
    private final EventLoops external;
    private EventLoopGroup group;
    private Class<? extends ServerChannel> serverChannel;
    private Transport transport;
    private int port = -1;
    private boolean stopped;

    /**
     * Creates the lifecycle of the server described by {@code context}.
     *
     * @param external loops to run on instead of creating them, or null
     */
    public ServerLifecycle(ServerContext context, EventLoops external) {
        this.context = context;
        this.external = external;
    }

    /** The event loops serving connections, null before start. */
    public EventLoopGroup group() {
        return group;
    }

    /** The shared server state. */
    public ServerContext context() {
        return context;
    }

    /** The bound port, -1 before start and after stop. */
    public int port() {
        return port;
    }

    /** The transport in use, null before start. */
    public Transport transport() {
        return transport;
    }

    /** Creates the event loops and binds; see {@code Server.start()}. */
    public synchronized void start() {
        if (group != null) {
            throw new IllegalStateException("server already started");
        }
        if (stopped) {
            throw new IllegalStateException("server was stopped and cannot start again (its blocking executor "
                    + "and connections are gone); build a new one with Server.builder()");
        }
        ServerConfig cfg = context.config();
        if (external != null) {
            group = external.group();
            serverChannel = external.serverChannel();
            transport = Transports.of(serverChannel);
        } else {
            transport = Transports.resolve(cfg.transport());
            if (cfg.transport() != Transport.AUTO && transport != cfg.transport()) {
                context.log().warn("Transport {} unavailable ({}); using {}", cfg.transport(),
                        Transports.unavailabilityCause(cfg.transport()), transport);
            }
            group = new MultiThreadIoEventLoopGroup(cfg.ioThreads(), Transports.ioHandlerFactory(transport));
            serverChannel = Transports.serverChannel(transport);
        }
        try {
            bind(cfg);
        } catch (RuntimeException e) {
            stop(Duration.ZERO);
            throw e;
        }
        context.log().info("Pronto listening on {}:{} ({}, {} event loops{}, {} routes)", cfg.host(), port, transport,
                loopCount(), reusePort(cfg) ? ", SO_REUSEPORT" : "", context.routes().router().routes().size());
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

    private void bind(ServerConfig cfg) {
        if (!reusePort(cfg)) {
            listeners.add(bindOne(bootstrap(cfg).group(group), cfg, cfg.port()));
            return;
        }
        int p = cfg.port();
        for (EventExecutor executor : group) {
            EventLoop loop = (EventLoop) executor;
            // One bootstrap per loop, so connections stay on the loop whose listener accepted them.
            ServerBootstrap b = bootstrap(cfg).group(loop, loop).option(UnixChannelOption.SO_REUSEPORT, true);
            Channel ch = bindOne(b, cfg, p);
            p = ((InetSocketAddress) ch.localAddress()).getPort();
            listeners.add(ch);
        }
    }

    private ServerBootstrap bootstrap(ServerConfig cfg) {
        return new ServerBootstrap()
                .channel(serverChannel)
                .option(ChannelOption.SO_BACKLOG, cfg.backlog())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, ByteBufAllocator.DEFAULT)
                .childHandler(new ServerInitializer(context));
    }

    private Channel bindOne(ServerBootstrap b, ServerConfig cfg, int p) {
        try {
            Channel ch = b.bind(cfg.host(), p).syncUninterruptibly().channel();
            port = ((InetSocketAddress) ch.localAddress()).getPort();
            return ch;
        } catch (Exception e) {
            throw new IllegalStateException("Cannot bind " + cfg.host() + ":" + p + " (" + e.getMessage()
                    + "); choose another port or stop the process using it", e);
        }
    }

    /** Graceful stop; see {@code Server.stop(Duration)}. */
    public synchronized void stop(Duration grace) {
        if (group == null) {
            return;
        }
        context.startDraining();
        listeners.forEach(ch -> ch.close().syncUninterruptibly());
        listeners.clear();
        context.drainAll();
        long deadline = System.nanoTime() + grace.toNanos();
        while (context.openConnections() > 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        context.closeAll();
        if (external == null) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        } else {
            awaitClosed(deadline);
        }
        context.blockingExecutor().shutdownNow();
        group = null;
        port = -1;
        stopped = true;
        context.log().info("Pronto stopped");
    }

    private void awaitClosed(long deadline) {
        long hardDeadline = Math.max(deadline, System.nanoTime()) + TimeUnit.SECONDS.toNanos(2);
        while (context.openConnections() > 0 && System.nanoTime() < hardDeadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }
}
