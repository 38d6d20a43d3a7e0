package dev.pronto.core;

import static dev.pronto.core.H3ResponseRace.getBig;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.H3ResponseRace.BodyBytes;
import dev.pronto.testsupport.H3TestClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * RFC 9218 priorities on HTTP/3: two large responses asked for at once on one connection. Without a
 * {@code priority} field (urgency 3, not incremental) they are sent one after the other, in stream order;
 * {@code priority: i} (incremental) shares the connection between them; a lower urgency goes first.
 */
class Http3PriorityTest {
    private static final int SIZE = H3ResponseRace.SIZE;
    private Server server;
    private H3TestClient client;

    @BeforeEach
    void start() throws Exception {
        server = H3ResponseRace.server();
        client = new H3TestClient(server.ports().getFirst());
    }

    @AfterEach
    void stop() {
        client.close();
        server.stop(Duration.ZERO);
    }

    @Test
    void withoutAPriorityFieldTheFirstResponseIsSentWholeBeforeTheSecond() throws Exception {
        H3ResponseRace race = race(null, null);

        assertThat(race.secondHadWhenFirstEnded()).isLessThan(SIZE / 2);
    }

    @Test
    void incrementalResponsesShareTheConnection() throws Exception {
        H3ResponseRace race = race("u=3, i", "u=3, i");

        assertThat(race.secondHadWhenFirstEnded()).isGreaterThan(SIZE / 2);
    }

    @Test
    void aMoreUrgentResponseOvertakesOneAskedForEarlier() throws Exception {
        H3ResponseRace race = race("u=5", "u=1");

        assertThat(race.firstHadWhenSecondEnded()).isLessThan(SIZE / 2);
    }

    /** Asks for /big twice on one connection with these priority fields (null: none), the second just after the first. */
    private H3ResponseRace race(String first, String second) throws Exception {
        BodyBytes a = new BodyBytes();
        BodyBytes b = new BodyBytes();
        H3TestClient.Pending pa = client.start(getBig(first), null, a);
        H3TestClient.Pending pb = client.start(getBig(second), null, b);
        return H3ResponseRace.of(pa, a, pb, b, SIZE);
    }
}
