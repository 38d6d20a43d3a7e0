package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link TrailersTest} over HTTP/2 over TLS (ALPN h2). */
class TrailersTestH2Test extends TrailersTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2;
    }
}
