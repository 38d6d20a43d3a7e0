package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link UploadTest} over HTTP/1.1 over TLS. */
class UploadTestHttpsTest extends UploadTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.HTTPS;
    }
}
