package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** Starts a {@link TestClient} for any protocol of the test matrix; TLS ones present the test certificate. */
final class TestCarriers {
    private TestCarriers() {
    }

    static TestClient start(Server.Builder builder, TestClient.Protocol protocol) {
        return protocol.tls() ? TestClient.start(builder, protocol, TlsFixtures.localhost(TlsEngine.AUTO).build())
                : TestClient.start(builder, protocol);
    }
}
