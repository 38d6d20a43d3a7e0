package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A stopped server says so instead of half-starting in a draining state. */
class ServerRestartTest {
    private static Server started() {
        return Server.builder().config(c -> c.port(0).host("127.0.0.1").ioThreads(1))
                .routes(r -> r.get("/", (req, res) -> res.send("ok"))).build().start();
    }

    @Test
    void startAfterStopIsRefused() {
        Server server = started();
        server.stop(Duration.ZERO);

        assertThatThrownBy(server::start).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot start again");
    }

    @Test
    void portIsUnknownAfterStop() {
        Server server = started();
        server.stop(Duration.ZERO);

        assertThat(server.port()).isEqualTo(-1);
    }

    @Test
    void startWhileRunningIsRefused() {
        try (Server server = started()) {
            assertThatThrownBy(server::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("already started");
        }
    }

    @Test
    void startThatCannotBindRunsTheStopHooksBeforeThrowing() {
        List<String> stopped = new CopyOnWriteArrayList<>();
        try (Server holder = started()) {
            Server second = Server.builder().config(c -> c.port(holder.port()).host("127.0.0.1").ioThreads(1))
                    .onStop(s -> stopped.add("closed what the service opened")).build();

            assertThatThrownBy(second::start).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(String.valueOf(holder.port()));
            assertThat(stopped).containsExactly("closed what the service opened");
        }
    }

    @Test
    void refusedRestartDoesNotRunTheStopHooksAgain() {
        List<String> stopped = new CopyOnWriteArrayList<>();
        Server server = Server.builder().config(c -> c.port(0).host("127.0.0.1").ioThreads(1))
                .onStop(s -> stopped.add("stop")).build().start();
        server.stop(Duration.ZERO);

        assertThatThrownBy(server::start).isInstanceOf(IllegalStateException.class);
        assertThat(stopped).containsExactly("stop");
    }
}
