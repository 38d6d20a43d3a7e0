package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link TrailersTest} over HTTP/2 with prior knowledge (h2c). */
class TrailersTestH2cTest extends TrailersTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2C;
    }
}
