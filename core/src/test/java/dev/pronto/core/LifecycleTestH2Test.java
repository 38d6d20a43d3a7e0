package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link LifecycleTest} over HTTP/2 over TLS (ALPN h2). */
class LifecycleTestH2Test extends LifecycleTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2;
    }
}
