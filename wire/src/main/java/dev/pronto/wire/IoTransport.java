package dev.pronto.wire;

/**
 * The socket transports {@link Transports} knows, best first: what the server's and the client's
 * {@code Transport} settings map to (their {@code AUTO} is {@link #IO_URING}: the best that loads).
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public enum IoTransport {
    /** Linux io_uring. */
    IO_URING,
    /** Linux epoll. */
    EPOLL,
    /** The JDK's NIO selector; loads everywhere. */
    NIO
}
