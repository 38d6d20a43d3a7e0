package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code res.sse()} on every carrier. */
@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class ServerSentEventsTest {
    /** The carrier every request of this instance uses: the class runs once per carrier. */
    private final TestClient.Protocol protocol;

    ServerSentEventsTest(TestClient.Protocol protocol) {
        this.protocol = protocol;
    }

    TestClient.Protocol protocol() {
        return protocol;
    }

    private TestClient client(Consumer<Routes> routes) {
        return TestCarriers.start(Server.builder().routes(routes), protocol());
    }

    @Test
    void eventsAreFramedAsTextEventStream() {
        try (TestClient c = client(r -> r.get("/events", (req, res) -> {
            EventStream events = res.sse();
            events.retry(Duration.ofSeconds(3));
            events.event("tick", "1", "a1");
            events.data("plain");
            events.comment("heartbeat");
            events.close();
        }))) {
            TestResponse r = c.get("/events");

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("Content-Type")).isEqualTo("text/event-stream; charset=utf-8");
            assertThat(r.header("Cache-Control")).isEqualTo("no-cache");
            assertThat(r.text()).isEqualTo("retry: 3000\n\nevent: tick\ndata: 1\nid: a1\n\ndata: plain\n\n: heartbeat\n\n");
        }
    }

    @Test
    void multiLineDataBecomesOneDataLinePerLine() {
        try (TestClient c = client(r -> r.get("/events", (req, res) -> {
            EventStream events = res.sse();
            events.data("one\ntwo\r\nthree\rfour");
            events.close();
        }))) {
            assertThat(c.get("/events").text()).isEqualTo("data: one\ndata: two\ndata: three\ndata: four\n\n");
        }
    }

    @Test
    void lastEventIdOfTheReconnectingClientReachesTheHandler() {
        try (TestClient c = client(r -> r.get("/events", (req, res) -> {
            EventStream events = res.sse();
            events.data("after " + events.lastEventId());
            events.close();
        }))) {
            TestResponse r = c.request("GET", "/events", Map.of("Last-Event-ID", "41"), null);

            assertThat(r.text()).isEqualTo("data: after 41\n\n");
        }
    }

    @Test
    void eventsFromAnotherThreadArriveInOrderEachAfterTheLastWasWritten() {
        try (TestClient c = client(r -> r.get("/events", (req, res) -> {
            EventStream events = res.sse();
            Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 20; i++) {
                    events.data(Integer.toString(i)).toCompletableFuture().join();
                }
                events.close();
            });
        }))) {
            StringBuilder expected = new StringBuilder();
            for (int i = 0; i < 20; i++) {
                expected.append("data: ").append(i).append("\n\n");
            }

            assertThat(c.get("/events").text()).isEqualTo(expected.toString());
        }
    }

    @Test
    void eventNameWithALineBreakIsRefused() {
        try (TestClient c = client(r -> r.get("/events", (req, res) -> {
            EventStream events = res.sse();
            try {
                assertThatThrownBy(() -> events.event("a\nb", "x", null)).isInstanceOf(IllegalArgumentException.class);
                events.data("refused");
            } finally {
                events.close();
            }
        }))) {
            assertThat(c.get("/events").text()).isEqualTo("data: refused\n\n");
        }
    }
}
