package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link UploadTest} over HTTP/2 over TLS (ALPN h2). */
class UploadTestH2Test extends UploadTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2;
    }
}
