package dev.pronto.core.internal.wire;

import dev.pronto.core.Transport;
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
 * Resolves a requested {@link Transport} to one that loads here, falling back io_uring → epoll →
 * NIO, and supplies the matching IoHandler factory and channel classes.
 */
public final class Transports {
    private Transports() {
    }

    /** The transport to use for {@code wanted}: itself when it loads, else the next in the chain. */
    public static Transport resolve(Transport wanted) {
        return switch (wanted) {
            case AUTO, IO_URING -> ioUringAvailable() ? Transport.IO_URING : resolve(Transport.EPOLL);
            case EPOLL -> epollAvailable() ? Transport.EPOLL : Transport.NIO;
            case NIO -> Transport.NIO;
        };
    }

    /** The transport a server channel class belongs to. */
    public static Transport of(Class<?> serverChannel) {
        String name = serverChannel.getName();
        return name.contains("IoUring") ? Transport.IO_URING : name.contains("Epoll") ? Transport.EPOLL : Transport.NIO;
    }

    /** Why {@code transport} cannot load, for the start-up log; null when it can. */
    public static Throwable unavailabilityCause(Transport transport) {
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
    public static IoHandlerFactory ioHandlerFactory(Transport t) {
        return switch (t) {
            case IO_URING -> IoUringIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            default -> NioIoHandler.newFactory();
        };
    }

    /** The server channel class of a resolved transport. */
    public static Class<? extends ServerSocketChannel> serverChannel(Transport t) {
        return switch (t) {
            case IO_URING -> IoUringServerSocketChannel.class;
            case EPOLL -> EpollServerSocketChannel.class;
            default -> NioServerSocketChannel.class;
        };
    }

    /** The client channel class of a resolved transport. */
    public static Class<? extends SocketChannel> socketChannel(Transport t) {
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
