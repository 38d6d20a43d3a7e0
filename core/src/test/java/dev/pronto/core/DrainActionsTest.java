package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A graceful stop runs the {@code onDrain} actions first, while the server still listens. */
class DrainActionsTest {
    private static Server.Builder builder() {
        return Server.builder().config(c -> c.port(0).ioThreads(1).shutdownHook(false));
    }

    @Test
    void stopTurnsHealthReadinessDown() {
        Health health = Health.create();
        Server server = builder().routes(r -> r.register(health)).build().start();

        server.close();

        assertThat(health.ready()).isFalse();
    }

    @Test
    void drainActionsRunBeforeTheListenersClose() {
        List<Integer> portsSeen = new CopyOnWriteArrayList<>();
        Server[] holder = new Server[1];
        Server server = builder().routes(r -> r.onDrain(() -> portsSeen.add(holder[0].port()))).build();
        holder[0] = server.start();
        int port = server.port();

        server.close();
        server.close();

        assertThat(portsSeen).containsExactly(port);
    }
}
