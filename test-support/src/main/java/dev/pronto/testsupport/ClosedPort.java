package dev.pronto.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A loopback TCP port that refuses connections for as long as this object is open: an unconnected socket
 * is bound to it without listening, so nothing else on the machine can bind it meanwhile. Tests that need
 * "an address nothing listens on" use this instead of opening and closing a {@code ServerSocket(0)}, whose
 * port another process may take before the test uses it. Any thread; close it when the test ends.
 */
public final class ClosedPort implements AutoCloseable {
    private final Socket holder;

    private ClosedPort(Socket holder) {
        this.holder = holder;
    }

    /**
     * Binds a fresh port on the loopback address.
     *
     * @throws UncheckedIOException when no port can be bound
     */
    public static ClosedPort reserve() {
        Socket socket = new Socket();
        try {
            // Without SO_REUSEADDR on this side, no other socket can bind the port while we hold it.
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return new ClosedPort(socket);
        } catch (IOException e) {
            try {
                socket.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new UncheckedIOException("cannot reserve a loopback port", e);
        }
    }

    /** The reserved port number; connecting to it on the loopback address is refused. */
    public int port() {
        return holder.getLocalPort();
    }

    /** Releases the port; from then on anything may bind it. Idempotent. */
    @Override
    public void close() {
        try {
            holder.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
