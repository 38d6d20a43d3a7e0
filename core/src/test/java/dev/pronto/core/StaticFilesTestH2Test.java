package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link StaticFilesTest} over HTTP/2 over TLS (ALPN h2). */
class StaticFilesTestH2Test extends StaticFilesTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2;
    }
}
