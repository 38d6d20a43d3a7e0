package dev.pronto.core.internal.http3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Http3Config;
import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.internal.exchange.ExchangeHandle;
import dev.pronto.testsupport.H3TestClient;
import dev.pronto.testsupport.TestCertificates;
import io.netty.handler.codec.quic.QuicConnectionPathStats;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code Http3Config.Congestion.initialWindowPackets} reaches quiche: a connection's first request sees
 * a congestion window of about that many datagrams (slow start has only grown it by the few handshake
 * bytes acknowledged so far).
 */
class H3CongestionWindowTest {
    private Server server;

    @AfterEach
    void stop() {
        server.stop(Duration.ZERO);
    }

    @Test
    void theDefaultWindowIsTenDatagrams() throws Exception {
        long cwnd = firstRequestWindow(Http3Config.Congestion.defaults());

        assertThat(cwnd).isBetween(10L * 1200, 30L * 1452);
    }

    @Test
    void aLargerInitialWindowIsTheConnectionsFirst() throws Exception {
        long cwnd = firstRequestWindow(new Http3Config.Congestion(Http3Config.Algorithm.CUBIC, 200, Http3Config.HyStart.ON));

        assertThat(cwnd).isGreaterThanOrEqualTo(200L * 1200);
    }

    /** The server's congestion window on the path of a new connection, read while answering its first request. */
    private long firstRequestWindow(Http3Config.Congestion congestion) throws Exception {
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .http3(Http3Config.defaults().withRetry(Http3Config.Retry.OFF).withCongestion(congestion))
                .listener(Listener.http3(0, TlsConfig.builder().pem(TestCertificates.certificate(), TestCertificates.key()).build()))
                .routes(r -> r.get("/cwnd", (req, res) -> {
                    H3Connection c = (H3Connection) ((ExchangeHandle) req).exchange().carrier;
                    res.async();
                    c.quic().collectPathStats(0).addListener(f ->
                            res.send(Long.toString(((QuicConnectionPathStats) f.getNow()).cwnd())));
                })).build().start();
        try (H3TestClient client = new H3TestClient(server.ports().getFirst())) {
            return Long.parseLong(client.get("/cwnd").text());
        }
    }
}
