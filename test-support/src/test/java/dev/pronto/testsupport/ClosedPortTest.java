package dev.pronto.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class ClosedPortTest {
    @Test
    void connectionsToTheReservedPortAreRefused() throws Exception {
        try (ClosedPort closed = ClosedPort.reserve(); Socket client = new Socket()) {
            assertThatThrownBy(() -> client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), closed.port())))
                    .isInstanceOf(ConnectException.class);
        }
    }

    @Test
    void nothingElseCanBindTheReservedPortWhileItIsHeld() throws Exception {
        try (ClosedPort closed = ClosedPort.reserve(); ServerSocket other = new ServerSocket()) {
            // ServerSocket asks for SO_REUSEADDR, as most servers do: the reservation must hold against it.
            assertThat(other.getReuseAddress()).isTrue();
            assertThatThrownBy(() -> other.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), closed.port())))
                    .isInstanceOf(BindException.class);
        }
    }

    @Test
    void theReservedPortIsFreeAgainOnceClosed() throws Exception {
        ClosedPort closed = ClosedPort.reserve();
        int port = closed.port();
        closed.close();

        try (ServerSocket other = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(other.getLocalPort()).isEqualTo(port);
        }
    }
}
