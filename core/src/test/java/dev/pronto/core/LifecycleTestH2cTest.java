package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link LifecycleTest} over HTTP/2 with prior knowledge (h2c). */
class LifecycleTestH2cTest extends LifecycleTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2C;
    }
}
