package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.server.WireSettings;
import dev.pronto.testsupport.Await;
import dev.pronto.wire.Transports;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RealSocketTest {
    private static Server start(Transport transport) {
        Assumptions.assumeTrue(WireSettings.transport(Transports.resolve(WireSettings.transport(transport))) == transport, transport + " does not load here");
        return Server.builder()
                .config(c -> c.host("127.0.0.1").port(0).ioThreads(1).transport(transport))
                .routes(r -> r.get("/plaintext", (req, res) -> res.send("Hello, World!")))
                .build().start();
    }

    private static String exchange(int port, String request) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = s.getInputStream();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toString(StandardCharsets.ISO_8859_1);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"IO_URING", "EPOLL", "NIO"})
    void pipelinedRequestsAreAnsweredInOrderThenClosed(Transport transport) throws Exception {
        try (Server server = start(transport)) {
            String req = "GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n";
            String out = exchange(server.port(), req.repeat(15) + req.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"));

            assertThat(out.split("HTTP/1.1 200 OK", -1)).hasSize(17);
            assertThat(out).endsWith("Connection: close\r\n\r\nHello, World!");
            assertThat(server.transport()).isEqualTo(transport);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"EPOLL", "NIO"})
    void reusePortBindsOneListenerPerLoop(Transport transport) throws Exception {
        Assumptions.assumeTrue(WireSettings.transport(Transports.resolve(WireSettings.transport(transport))) == transport);
        try (Server server = Server.builder()
                .config(c -> c.host("127.0.0.1").port(0).ioThreads(2).transport(transport).reusePort(true))
                .routes(r -> r.get("/", (req, res) -> res.send("ok"))).build().start()) {
            assertThat(exchange(server.port(), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
                    .endsWith("\r\n\r\nok");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"EPOLL", "NIO"})
    void gracefulStopFinishesInFlightRequest(Transport transport) throws Exception {
        Assumptions.assumeTrue(WireSettings.transport(Transports.resolve(WireSettings.transport(transport))) == transport);
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch proceed = new CountDownLatch(1);
        Server server = Server.builder()
                .config(c -> c.host("127.0.0.1").port(0).ioThreads(1).transport(transport))
                .routes(r -> r.get("/slow", RouteOptions.blocking(), (req, res) -> {
                    entered.countDown();
                    proceed.await(10, TimeUnit.SECONDS);
                    res.send("done");
                })).build().start();
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
            Thread stopper = Thread.ofVirtual().start(() -> server.stop(Duration.ofSeconds(5)));
            awaitRefused(server.port());
            proceed.countDown();
            String out = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            stopper.join();

            assertThat(out).contains("Connection: close\r\n").endsWith("done");
        }
    }

    @org.junit.jupiter.api.Test
    void runsOnExternalEventLoopsWithoutShuttingThemDown() throws Exception {
        var group = new io.netty.channel.MultiThreadIoEventLoopGroup(1, io.netty.channel.nio.NioIoHandler.newFactory());
        try {
            Server server = Server.builder()
                    .eventLoops(new EventLoops(group, io.netty.channel.socket.nio.NioServerSocketChannel.class))
                    .config(c -> c.host("127.0.0.1").port(0))
                    .routes(r -> r.get("/", (req, res) -> res.send("ok"))).build().start();
            String out = exchange(server.port(), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            server.stop(Duration.ofSeconds(1));

            assertThat(out).endsWith("\r\n\r\nok");
            assertThat(server.transport()).isEqualTo(Transport.NIO);
            assertThat(group.isShuttingDown()).isFalse();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** Waits until the listener is closed, i.e. the server has begun to drain. */
    private static void awaitRefused(int port) {
        Await.until("the listener refuses connections", () -> refuses(port));
    }

    @SuppressWarnings("try") // the resource is the point: opened, then closed
    private static boolean refuses(int port) {
        try (Socket probe = new Socket("127.0.0.1", port)) {
            return false;
        } catch (java.net.ConnectException refused) {
            return true;
        } catch (java.io.IOException resetWhileStopping) {
            // accepted just before the listener closed, then reset by the draining server: probe again
            return false;
        }
    }
}
