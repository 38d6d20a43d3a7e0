package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link UploadTest} over HTTP/2 with prior knowledge (h2c). */
class UploadTestH2cTest extends UploadTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2C;
    }
}
