package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Response trailers on every carrier: HTTP/2 after any body, HTTP/1.1 in the last chunk of a stream. */
@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class TrailersTest {
    /** The carrier every request of this instance uses: the class runs once per carrier. */
    private final TestClient.Protocol protocol;

    TestClient.Protocol protocol() {
        return protocol;
    }

    TrailersTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
    }

    private TestClient client(Consumer<Routes> routes) {
        return TestCarriers.start(Server.builder().routes(routes), protocol());
    }

    @Test
    void streamedBodyEndsWithTheTrailersSetWhileStreaming() {
        try (TestClient c = client(r -> r.get("/s", (req, res) -> {
            BodyWriter w = res.header("trailer", "x-sum").stream();
            w.write("ab");
            w.write("cd");
            res.trailer("x-sum", "4");
            w.end();
        }))) {
            TestResponse r = c.get("/s");

            assertThat(r.text()).isEqualTo("abcd");
            assertThat(r.trailer("x-sum")).isEqualTo(TestCarriers.carriesTrailers(protocol()) ? "4" : null);
            assertThat(r.header("x-sum")).isNull();
        }
    }

    @Test
    void streamWithoutTrailersHasNone() {
        try (TestClient c = client(r -> r.get("/s", (req, res) -> {
            BodyWriter w = res.stream();
            w.write("ab");
            w.end();
        }))) {
            TestResponse r = c.get("/s");

            assertThat(r.text()).isEqualTo("ab");
            assertThat(r.trailers()).isEmpty();
        }
    }

    @Test
    void trailerAfterTheBodyEndedIsRefused() {
        CompletableFuture<Throwable> refused = new CompletableFuture<>();
        try (TestClient c = client(r -> r.get("/s", (req, res) -> {
            BodyWriter w = res.stream();
            w.end();
            try {
                res.trailer("x-late", "1");
                refused.complete(null);
            } catch (IllegalStateException e) {
                refused.complete(e);
            }
        }))) {
            c.get("/s");

            assertThat(refused.join()).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void framingFieldsAreNotTrailers() {
        CompletableFuture<Throwable> refused = new CompletableFuture<>();
        try (TestClient c = client(r -> r.get("/s", (req, res) -> {
            try {
                res.trailer("Content-Length", "1");
            } catch (IllegalArgumentException e) {
                refused.complete(e);
            }
            res.send("ok");
        }))) {
            assertThat(c.get("/s").status()).isEqualTo(200);
            assertThat(refused.join()).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void wholeBodyKeepsItsBytes() {
        try (TestClient c = client(r -> r.get("/w", (req, res) -> res.trailer("grpc-status", "0").send("whole")))) {
            TestResponse r = c.get("/w");

            assertThat(r.text()).isEqualTo("whole");
            assertThat(r.trailer("grpc-status")).isEqualTo(protocol().multiplexed() ? "0" : null);
        }
    }

    @Test
    void emptyBodyStillCarriesTrailersOverHttp2() {
        try (TestClient c = client(r -> r.get("/e", (req, res) -> res.trailer("grpc-status", "12").send()))) {
            TestResponse r = c.get("/e");

            assertThat(r.body()).isEmpty();
            assertThat(r.trailer("grpc-status")).isEqualTo(protocol().multiplexed() ? "12" : null);
        }
    }

    @Test
    void trailerNamesAreValidated() {
        try (TestClient c = client(r -> r.get("/v", (req, res) -> {
            assertThatThrownBy(() -> res.trailer("bad name", "1")).isInstanceOf(IllegalArgumentException.class);
            res.send("ok");
        }))) {
            assertThat(c.get("/v").text()).isEqualTo("ok");
        }
    }
}
