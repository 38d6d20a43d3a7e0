package dev.pronto.core;

/**
 * The socket transport the server runs on. {@link #AUTO} picks the best one that loads on this
 * machine, in the order io_uring, epoll, NIO; a native transport that cannot load (an old kernel,
 * a container whose seccomp profile blocks io_uring, a non-Linux OS) falls back to the next one.
 * The choice is logged once at start.
 */
public enum Transport {
    /** io_uring if available, else epoll, else NIO. */
    AUTO,
    /** Linux io_uring; falls back to epoll, then NIO, when it cannot load. */
    IO_URING,
    /** Linux epoll; falls back to NIO when it cannot load. */
    EPOLL,
    /** The JDK's NIO selector: works everywhere. */
    NIO
}
