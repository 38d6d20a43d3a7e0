package dev.pronto.core;

import dev.pronto.core.testing.TestClient;

/** {@link ServerSentEventsTest} over h2c. */
class ServerSentEventsH2cTest extends ServerSentEventsTest {
    @Override
    TestClient.Protocol protocol() {
        return TestClient.Protocol.H2C;
    }
}
