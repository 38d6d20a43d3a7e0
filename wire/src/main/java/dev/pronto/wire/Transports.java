package dev.pronto.wire;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;

/**
 * Resolves a requested {@link IoTransport} to one that loads here, falling back io_uring → epoll →
 * NIO, and supplies the matching IoHandler factory and channel classes.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 * Stateless; any thread.
 */
public final class Transports {
    private Transports() {
    }

    /** The transport to use for {@code wanted}: itself when it loads, else the next in the chain. */
    public static IoTransport resolve(IoTransport wanted) {
        return switch (wanted) {
            case IO_URING -> ioUringAvailable() ? IoTransport.IO_URING : resolve(IoTransport.EPOLL);
            case EPOLL -> epollAvailable() ? IoTransport.EPOLL : IoTransport.NIO;
            case NIO -> IoTransport.NIO;
        };
    }

    /** The transport a server channel class belongs to. */
    public static IoTransport of(Class<?> serverChannel) {
        String name = serverChannel.getName();
        return name.contains("IoUring") ? IoTransport.IO_URING : name.contains("Epoll") ? IoTransport.EPOLL : IoTransport.NIO;
    }

    /** Why {@code transport} cannot load, for the start-up log; null when it can. */
    public static Throwable unavailabilityCause(IoTransport transport) {
        try {
            return switch (transport) {
                case IO_URING -> IoUring.unavailabilityCause();
                case EPOLL -> Epoll.unavailabilityCause();
                default -> null;
            };
        } catch (LinkageError e) {
            return e;
        }
    }

    /** The IoHandler factory of a resolved transport. */
    public static IoHandlerFactory ioHandlerFactory(IoTransport t) {
        return switch (t) {
            case IO_URING -> IoUringIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            default -> NioIoHandler.newFactory();
        };
    }

    /** The server channel class of a resolved transport. */
    public static Class<? extends ServerSocketChannel> serverChannel(IoTransport t) {
        return switch (t) {
            case IO_URING -> IoUringServerSocketChannel.class;
            case EPOLL -> EpollServerSocketChannel.class;
            default -> NioServerSocketChannel.class;
        };
    }

    /** The client channel class of a resolved transport. */
    public static Class<? extends SocketChannel> socketChannel(IoTransport t) {
        return switch (t) {
            case IO_URING -> IoUringSocketChannel.class;
            case EPOLL -> EpollSocketChannel.class;
            default -> NioSocketChannel.class;
        };
    }

    private static boolean ioUringAvailable() {
        try {
            return IoUring.isAvailable();
        } catch (LinkageError e) {
            return false;
        }
    }

    private static boolean epollAvailable() {
        try {
            return Epoll.isAvailable();
        } catch (LinkageError e) {
            return false;
        }
    }
}
