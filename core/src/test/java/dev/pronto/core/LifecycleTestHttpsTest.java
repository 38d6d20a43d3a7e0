package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link LifecycleTest} over HTTP/1.1 over TLS. */
class LifecycleTestHttpsTest extends LifecycleTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.HTTPS;
    }
}
