package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.H3TestClient;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every congestion controller quiche has, and the smallest initial window with slow start ending only
 * at a loss, still deliver a 2 MiB response whole: the settings reach the QUIC stack and none of them
 * stalls a connection.
 */
class Http3CongestionTest {
    private static final byte[] BODY = body();
    private Server server;

    @AfterEach
    void stop() {
        server.stop(Duration.ZERO);
    }

    @ParameterizedTest
    @EnumSource(Http3Config.Algorithm.class)
    void eachAlgorithmDeliversALargeResponse(Http3Config.Algorithm algorithm) throws Exception {
        start(new Http3Config.Congestion(algorithm, 10, Http3Config.HyStart.ON));

        assertThat(get().body()).isEqualTo(BODY);
    }

    @Test
    void aOneDatagramWindowWithoutHyStartDeliversALargeResponse() throws Exception {
        start(new Http3Config.Congestion(Http3Config.Algorithm.CUBIC, 1, Http3Config.HyStart.OFF));

        assertThat(get().body()).isEqualTo(BODY);
    }

    private void start(Http3Config.Congestion congestion) {
        server = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .http3(Http3Config.defaults().withRetry(Http3Config.Retry.OFF).withCongestion(congestion))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/big", (req, res) -> res.send(BODY))).build().start();
    }

    private H3TestClient.Response get() throws Exception {
        try (H3TestClient client = new H3TestClient(server.ports().getFirst())) {
            return client.get("/big");
        }
    }

    private static byte[] body() {
        byte[] b = new byte[2 << 20];
        Arrays.fill(b, (byte) 'x');
        for (int i = 0; i < b.length; i += 4096) {
            b[i] = (byte) ('a' + (i / 4096) % 26);
        }
        return b;
    }
}
