package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.RawH2;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.netty.handler.codec.http2.Http2Error;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An HTTP/2 PING flood over TLS from a client that never reads (issue #44 item 6): the connection must
 * end with GOAWAY ENHANCE_YOUR_CALM and a close while the direct memory the server holds for it stays
 * bounded.
 *
 * <p>What it guards: the control-frame limit cuts the flood once the socket stops taking the
 * acknowledgements (some 180,000 PINGs, a few MiB, as on h2c), but the close then waited in
 * {@code SslHandler} for its close_notify to be flushed, for up to 3 s, and the socket stayed readable
 * meanwhile: everything the client sent in that time piled up undecrypted in the handler (35 MiB of
 * direct memory in this test before the fix, with {@code -Xmx} no help). {@code TlsCloseGuard} now ends
 * the connection at the first read after the server closed its TLS side. Runs on epoll, where it was
 * reported, and on the default transport.
 */
class TlsPingFloodTest {
    /** What the server may hold in direct memory for one flooding connection (fixed: about 3 MiB). */
    private static final long BOUND = 16L * 1024 * 1024;
    private Server server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static long usedDirectMemory() {
        return ((ByteBufAllocatorMetricProvider) ByteBufAllocator.DEFAULT).metric().usedDirectMemory();
    }

    private void start(Transport transport) {
        server = Server.builder()
                .config(c -> c.host("127.0.0.1").ioThreads(1).transport(transport))
                .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .routes(r -> r.get("/ok", (req, res) -> res.send("ok")))
                .build().start();
    }

    /** A TLS socket that negotiated h2, with a 4 KiB receive buffer it will never read from. */
    private SSLSocket nonReadingClient() throws Exception {
        SSLSocket s = (SSLSocket) TlsFixtures.clientContext().getSocketFactory().createSocket();
        s.setReceiveBufferSize(4096);
        s.connect(new InetSocketAddress("localhost", server.port()));
        SSLParameters p = s.getSSLParameters();
        p.setApplicationProtocols(new String[] {"h2"});
        s.setSSLParameters(p);
        s.startHandshake();
        assertThat(s.getApplicationProtocol()).isEqualTo("h2");
        return s;
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"EPOLL", "AUTO"})
    // the flood is cut by the server, never by this test; under paranoid leak detection it takes ~30 s here
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void pingFloodOverTlsFromAClientThatDoesNotReadGetsGoAwayWithABoundedBacklog(Transport transport) throws Exception {
        start(transport);
        long before = usedDirectMemory();
        AtomicLong peak = new AtomicLong();
        try (RawH2 h2 = new RawH2(nonReadingClient())) {
            byte[] eight = new byte[8];
            boolean cut = false;
            h2.hold();
            // writes until the server ends the connection: a blocked write would hang (and time out) the test
            for (int i = 0; !cut; i++) {
                try {
                    h2.frame(RawH2.PING, 0, 0, eight);
                    if (i % 1000 == 999) {
                        h2.send();
                        h2.hold();
                        peak.accumulateAndGet(usedDirectMemory() - before, Math::max);
                    }
                } catch (IOException reset) {
                    cut = true;
                }
            }

            RawH2.Frame goAway = h2.awaitFrame(RawH2.GOAWAY);

            assertThat(goAway == null || goAway.errorCode() == Http2Error.ENHANCE_YOUR_CALM.code()).isTrue();
            assertThat(h2.closedByServer()).isTrue();
            assertThat(peak.get()).isLessThan(BOUND);
        }
    }
}
