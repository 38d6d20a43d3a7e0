package dev.pronto.core.internal.content;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.util.DateHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RangesTest {
    private static final long HOUR_AGO = System.currentTimeMillis() / 1000 - 3600;
    private static final StaticFileServer.Validators V =
            new StaticFileServer.Validators("\"a-1\"", DateHeader.httpDate(HOUR_AGO), HOUR_AGO);

    @Test
    void singleRangeIsInclusiveAndClampedToTheEnd() {
        assertThat(Ranges.parse("bytes=4-6", 10)).containsExactly(4, 6);
        assertThat(Ranges.parse("bytes=4-600", 10)).containsExactly(4, 9);
        assertThat(Ranges.parse("bytes=4-", 10)).containsExactly(4, 9);
        assertThat(Ranges.parse("bytes=-3", 10)).containsExactly(7, 9);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=10-", "bytes=-0", "bytes=100-200"})
    void unsatisfiableRangeIsEmpty(String header) {
        assertThat(Ranges.parse(header, 10)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=0-0,2-2", "bytes=0-9, 0-9, 0-9", "bytes=0-5,3-9", "items=0-1", "bytes=6-4", "bytes=+1-2",
        "bytes=1-2-3", "bytes=-", "bytes=0x1-2", "bytes=99999999999999999999-", "bytes=1"})
    void multipleOrMalformedRangesMeanTheWholeFile(String header) {
        assertThat(Ranges.parse(header, 10)).isNull();
    }

    @Test
    void aLongListOfRangesIsAnsweredWholeWithoutBeingSplit() {
        assertThat(Ranges.parse("bytes=" + "0-0,".repeat(10_000) + "0-0", 10)).isNull();
    }

    @Test
    void ifRangeWithTheCurrentStrongETagMatches() {
        assertThat(Ranges.ifRangeMatches("\"a-1\"", V)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"a-2\"", "W/\"a-1\"", "\"a-1", "not a date"})
    void ifRangeWithAnotherOrWeakTagOrGarbageDoesNotMatch(String ifRange) {
        assertThat(Ranges.ifRangeMatches(ifRange, V)).isFalse();
    }

    @Test
    void ifRangeWithTheExactLastModifiedDateMatches() {
        assertThat(Ranges.ifRangeMatches(DateHeader.httpDate(HOUR_AGO), V)).isTrue();
        assertThat(Ranges.ifRangeMatches(DateHeader.httpDate(HOUR_AGO + 1), V)).isFalse();
    }

    @Test
    void ifRangeDateOfTheCurrentSecondIsWeakAndDoesNotMatch() {
        long now = System.currentTimeMillis() / 1000 + 1;
        StaticFileServer.Validators fresh = new StaticFileServer.Validators("\"b\"", DateHeader.httpDate(now), now);

        assertThat(Ranges.ifRangeMatches(DateHeader.httpDate(now), fresh)).isFalse();
    }
}
