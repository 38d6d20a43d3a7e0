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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An HTTP/2 PING flood over TLS from a client that never reads: the connection must end with GOAWAY
 * ENHANCE_YOUR_CALM and a close while the direct memory the server holds for it stays bounded.
 *
 * <p>Issue #44 item 6, reproduced and not fixed yet, hence disabled. On the epoll transport (not on
 * io_uring, not on h2c) the server keeps reading for seconds: the client puts 1.5–2 million PINGs
 * through the socket, 27–38 MiB of direct memory are in use at the peak, yet the HTTP/2 codec is
 * handed only about 3 MB of them (some 180,000 PINGs, that many acknowledgements written, the
 * channel never unwritable), and the event loop spends the time in the socket read path allocating,
 * zeroing and freeing direct chunks. The control-frame limit is what finally ends it. On io_uring
 * the same flood ends after about 250,000 PINGs with under 2 MiB. Enable once epoll is bounded too.
 */
@org.junit.jupiter.api.Disabled("issue #44 item 6: TLS PING flood on epoll is bounded only by the control-frame limit after seconds")
class TlsPingFloodTest {
    /** What the server may hold in direct memory for one flooding connection (io_uring: under 2 MiB). */
    private static final long BOUND = 16L * 1024 * 1024;
    private final Server server = Server.builder()
            .config(c -> c.host("127.0.0.1").ioThreads(1).transport(Transport.EPOLL)) // where it reproduces
            .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
            .routes(r -> r.get("/ok", (req, res) -> res.send("ok")))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    private static long usedDirectMemory() {
        return ((ByteBufAllocatorMetricProvider) ByteBufAllocator.DEFAULT).metric().usedDirectMemory();
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

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // the flood is cut by the server, never by this test
    void pingFloodOverTlsFromAClientThatDoesNotReadGetsGoAwayWithABoundedBacklog() throws Exception {
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
