package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link CompressionTest} over HTTP/1.1 over TLS. */
class CompressionTestHttpsTest extends CompressionTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.HTTPS;
    }
}
