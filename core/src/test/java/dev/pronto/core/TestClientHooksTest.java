package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The in-memory client runs the same start and stop hooks as a real start. */
class TestClientHooksTest {
    private final List<String> calls = new CopyOnWriteArrayList<>();

    private Server.Builder app() {
        return Server.builder()
                .onStart(s -> calls.add("onStart"))
                .onStop(s -> calls.add("onStop"))
                .routes(r -> r.onDrain(() -> calls.add("onDrain")).get("/", (req, res) -> res.send(String.join(",", calls))));
    }

    @Test
    void onStartHooksRunBeforeTheFirstRequest() {
        try (TestClient c = TestClient.start(app())) {
            assertThat(c.get("/").text()).isEqualTo("onStart");
        }
    }

    @Test
    void closeRunsDrainActionsThenOnStopHooks() {
        TestClient c = TestClient.start(app());

        c.close();

        assertThat(calls).containsExactly("onStart", "onDrain", "onStop");
    }

    @Test
    void healthIsReadyUnderTheTestClient() {
        Health health = Health.create();
        try (TestClient c = TestClient.start(Server.builder().routes(r -> r.register(health)))) {
            assertThat(c.get("/health/ready").status()).isEqualTo(200);
        }
        assertThat(health.ready()).isFalse();
    }
}
