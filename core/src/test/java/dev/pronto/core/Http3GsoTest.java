package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.H3TestClient;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.SegmentedDatagramPacket;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * UDP GSO sends and {@code recvmmsg} receives on epoll ({@code Http3Config.Udp.gsoSegments} 16) under many
 * concurrent large responses: every byte arrives, in order, on every stream.
 */
class Http3GsoTest {
    private static final int SIZE = 300_000;
    private static final byte[] BODY = pattern();
    private Server server;
    private final List<H3TestClient> clients = new ArrayList<>();

    @BeforeEach
    void needsGso() {
        Assumptions.assumeTrue(Epoll.isAvailable() && SegmentedDatagramPacket.isSupported(),
                "needs epoll with UDP_SEGMENT (Linux 4.18+)");
    }

    @AfterEach
    void stop() {
        clients.forEach(H3TestClient::close);
        if (server != null) {
            server.stop(java.time.Duration.ZERO);
        }
    }

    @Test
    void manyConcurrentLargeResponsesArriveWhole() throws Exception {
        Http3Config.Udp udp = Http3Config.defaults().udp();
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1).transport(Transport.EPOLL))
                .http3(Http3Config.defaults().withUdp(new Http3Config.Udp(udp.receiveBuffer(), udp.sendBuffer(),
                        udp.maxUdpPayload(), 16)))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/big", (req, res) -> res.send(BODY))).build().start();
        List<H3TestClient.Pending> pending = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            H3TestClient client = new H3TestClient(server.ports().getFirst());
            clients.add(client);
            for (int s = 0; s < 32; s++) {
                pending.add(client.start(new DefaultHttp3Headers().method("GET").path("/big")
                        .authority("localhost").scheme("https"), null));
            }
        }

        for (H3TestClient.Pending p : pending) {
            H3TestClient.Response r = p.response().get(4 * H3TestClient.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).isEqualTo(BODY);
        }
    }

    private static byte[] pattern() {
        byte[] b = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            // not a multiple of a datagram's payload: a misplaced segment shows as a mismatch
            b[i] = (byte) (i % 251);
        }
        return b;
    }
}
