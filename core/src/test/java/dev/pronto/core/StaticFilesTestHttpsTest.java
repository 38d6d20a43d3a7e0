package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link StaticFilesTest} over HTTP/1.1 over TLS. */
class StaticFilesTestHttpsTest extends StaticFilesTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.HTTPS;
    }
}
