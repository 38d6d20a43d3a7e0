package dev.pronto.core.internal.http3;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.quic.QuicStreamPriority;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 9218's priority field read into quiche's send order: urgency 1 + u, the control stream at 0. */
class H3PriorityTest {
    @ParameterizedTest(name = "[{0}] -> u={1} i={2}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
        "NONE | 3 | false",
        "'' | 3 | false",
        "u=0 | 0 | false",
        "u=7 | 7 | false",
        "u=1, i | 1 | true",
        "i | 3 | true",
        "i=?1 | 3 | true",
        "u=2, i=?0 | 2 | false",
        "'  u=5 ,  i  ' | 5 | true",
        "u=8 | 3 | false",
        "u=-1 | 3 | false",
        "u=12 | 3 | false",
        "u=a | 3 | false",
        "u=\"1\" | 3 | false",
        "u=4;x=1, i;y | 4 | true",
        "ux=1, iz | 3 | false",
        "u=6, u=2 | 2 | false",
        "i, i=?0 | 3 | false",
        "i=1 | 3 | false",
        "foo=bar, u=5 | 5 | false",
    })
    void aFieldGivesItsUrgencyAndIncrementalOrTheDefaults(String field, int urgency, boolean incremental) {
        QuicStreamPriority p = H3Priority.of(field);

        assertThat(p.urgency()).isEqualTo(1 + urgency);
        assertThat(p.isIncremental()).isEqualTo(incremental);
    }
}
