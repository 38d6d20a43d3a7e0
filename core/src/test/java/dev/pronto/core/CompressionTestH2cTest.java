package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link CompressionTest} over HTTP/2 with prior knowledge (h2c). */
class CompressionTestH2cTest extends CompressionTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2C;
    }
}
