package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/**
 * Starts a {@link TestClient} for any protocol of the test matrix; TLS ones present the test certificate.
 *
 * <p>What a carrier does not have, the matrix tests ask here and assert the carrier's documented
 * behaviour instead (never a silent pass):
 * <ul>
 *   <li>teleport frames every response by Content-Length: a streamed response arrives gathered, with its
 *       length, and trailers are dropped (docs/teleport-proxy.md, "Teleport server");</li>
 *   <li>raw sends ({@link TestClient#send}) are HTTP/1.1 whatever the protocol (over TLS for the TLS ones,
 *       cleartext for h2c and teleport), so a raw-send test checks the HTTP/1.1 carrier only.</li>
 * </ul>
 */
final class TestCarriers {
    private TestCarriers() {
    }

    static TestClient start(Server.Builder builder, TestClient.Protocol protocol) {
        return protocol.tls() ? TestClient.start(builder, protocol, TlsFixtures.localhost(TlsEngine.AUTO).build())
                : TestClient.start(builder, protocol);
    }

    /** Whether a streamed response arrives gathered with a Content-Length (teleport) instead of streamed. */
    static boolean gathersStreams(TestClient.Protocol protocol) {
        return protocol == TestClient.Protocol.TELEPORT;
    }

    /** Whether trailer fields reach the client: HTTP/1.1 chunked, HTTP/2 and HTTP/3 carry them, teleport not. */
    static boolean carriesTrailers(TestClient.Protocol protocol) {
        return protocol != TestClient.Protocol.TELEPORT;
    }
}
