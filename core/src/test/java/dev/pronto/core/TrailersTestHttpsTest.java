package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link TrailersTest} over HTTP/1.1 over TLS. */
class TrailersTestHttpsTest extends TrailersTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.HTTPS;
    }
}
