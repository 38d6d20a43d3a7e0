package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link StaticFilesTest} over HTTP/2 with prior knowledge (h2c). */
class StaticFilesTestH2cTest extends StaticFilesTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2C;
    }
}
