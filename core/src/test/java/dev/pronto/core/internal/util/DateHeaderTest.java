package dev.pronto.core.internal.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The hand-made IMF-fixdate formatter agrees with the JDK's and reads back what it writes. */
class DateHeaderTest {
    private static final DateTimeFormatter JDK =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    @Test
    void formatsTheRfc9110Example() {
        assertThat(DateHeader.httpDate(784111777L)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    }

    @Test
    void agreesWithTheJdkFormatterOverFourCenturies() {
        SplittableRandom random = new SplittableRandom(19);
        for (int i = 0; i < 20_000; i++) {
            long second = random.nextLong(-2_000_000_000L, 13_000_000_000L);
            assertThat(DateHeader.httpDate(second)).as("epoch second %d", second)
                    .isEqualTo(JDK.format(Instant.ofEpochSecond(second)));
        }
    }

    @Test
    void parsesWhatItFormats() {
        assertThat(DateHeader.parseHttpDate(DateHeader.httpDate(1_764_000_000L))).isEqualTo(1_764_000_000L);
    }

    @Test
    void rejectsAnotherFormat() {
        assertThat(DateHeader.parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT")).isEqualTo(-1);
    }
}
