package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A blocking reader whose body stream fails on a limit lets the failure through as an IOException
 * caused by the limit's HttpException: the answer is that limit's status and message, not a 500, whichever of
 * the reader and the carrier answers first.
 */
class BodyLimitFailureTest {
    @Test
    void bodyStreamFailedOnALimitIsAnsweredWithTheLimitsStatus() {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.post("/read", RouteOptions.blocking(),
                (req, res) -> {
                    throw new IOException("request body failed",
                            new PayloadTooLargeException("Request body exceeds the limit of 10 bytes (maxBodySize)"));
                })))) {
            TestResponse r = c.request("POST", "/read", java.util.Map.of(), "x");

            assertThat(r.status()).isEqualTo(413);
            assertThat(r.text()).contains("exceeds the limit of 10 bytes");
        }
    }

    @Test
    void anyOtherIoFailureIsStillA500() {
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.post("/read", RouteOptions.blocking(),
                (req, res) -> {
                    throw new IOException("disk full");
                })))) {
            assertThat(c.request("POST", "/read", java.util.Map.of(), "x").status()).isEqualTo(500);
        }
    }
}
