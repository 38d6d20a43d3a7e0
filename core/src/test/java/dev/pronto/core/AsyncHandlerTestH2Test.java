package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link AsyncHandlerTest} over HTTP/2 over TLS (ALPN h2). */
class AsyncHandlerTestH2Test extends AsyncHandlerTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2;
    }
}
