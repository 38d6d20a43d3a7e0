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
 * A PRIORITY_UPDATE frame on the control stream (RFC 9218 §7.2) moves a response the same way, whether its
 * stream is open or not yet; a round trip with a small request orders what the server has read before it.
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

    @Test
    void anUpdateMovesAnOpenStreamsResponseAheadOfItsPriorityField() throws Exception {
        BodyBytes a = new BodyBytes();
        BodyBytes b = new BodyBytes();
        H3TestClient.Pending pa = client.open(getBig(null), a);
        H3TestClient.Pending pb = client.open(getBig("u=5"), b);
        assertThat(client.get("/ok").text()).isEqualTo("ok");

        client.priorityUpdate(pb.stream().streamId(), "u=0");
        pa.stream().shutdownOutput();
        pb.stream().shutdownOutput();

        assertThat(H3ResponseRace.of(pa, a, pb, b, SIZE).firstHadWhenSecondEnded()).isLessThan(SIZE / 2);
    }

    @Test
    void anUpdateForAStreamNotOpenYetIsAppliedWhenItOpens() throws Exception {
        client.priorityUpdate(8, "u=0");
        assertThat(client.get("/ok").text()).isEqualTo("ok");

        H3ResponseRace race = raceOnStreams4And8();

        assertThat(race.firstHadWhenSecondEnded()).isLessThan(SIZE / 2);
    }

    @Test
    void aLaterUpdateReplacesAnEarlierOne() throws Exception {
        client.priorityUpdate(8, "u=7");
        client.priorityUpdate(8, "u=0");
        assertThat(client.get("/ok").text()).isEqualTo("ok");

        H3ResponseRace race = raceOnStreams4And8();

        assertThat(race.firstHadWhenSecondEnded()).isLessThan(SIZE / 2);
    }

    /** Asks for /big twice, without a priority field, on the connection's streams 4 and 8 (0 took /ok). */
    private H3ResponseRace raceOnStreams4And8() throws Exception {
        BodyBytes a = new BodyBytes();
        BodyBytes b = new BodyBytes();
        H3TestClient.Pending pa = client.start(getBig(null), null, a);
        H3TestClient.Pending pb = client.start(getBig(null), null, b);
        assertThat(pb.stream().streamId()).isEqualTo(8);
        return H3ResponseRace.of(pa, a, pb, b, SIZE);
    }
}
