package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link AsyncHandlerTest} over HTTP/1.1 over TLS. */
class AsyncHandlerTestHttpsTest extends AsyncHandlerTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.HTTPS;
    }
}
