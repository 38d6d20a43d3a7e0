package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link CompressionTest} over HTTP/2 over TLS (ALPN h2). */
class CompressionTestH2Test extends CompressionTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2;
    }
}
