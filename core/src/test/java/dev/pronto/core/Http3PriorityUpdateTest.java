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
 * RFC 9218 PRIORITY_UPDATE frames on HTTP/3: two large responses on one connection, where the second one would
 * be sent after the first, until the client's update for it on the control stream puts it first. A round trip
 * with a small request orders what the server has read: the requests' HEADERS, or the update, come before it.
 */
class Http3PriorityUpdateTest {
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
