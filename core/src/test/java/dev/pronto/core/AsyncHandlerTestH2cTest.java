package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link AsyncHandlerTest} over HTTP/2 with prior knowledge (h2c). */
class AsyncHandlerTestH2cTest extends AsyncHandlerTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2C;
    }
}
