package dev.pronto.json.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class NestingGuardTest {
    private static int tooDeepAt(String json, int maxDepth) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return NestingGuard.tooDeepAt(bytes, bytes.length, maxDepth);
    }

    @Test
    void documentWithinTheLimitPasses() {
        assertThat(tooDeepAt("{\"a\":[1,{\"b\":[]}],\"c\":{}}", 4)).isEqualTo(-1);
    }

    @Test
    void firstBracketBeyondTheLimitIsReported() {
        assertThat(tooDeepAt("{\"a\":[1,{\"b\":[]}]}", 3)).isEqualTo(13);
    }

    @Test
    void closedLevelsDoNotAccumulate() {
        assertThat(tooDeepAt("[[1],[2],[3],[4],[5]]", 2)).isEqualTo(-1);
    }

    @Test
    void bracketsInsideStringsAreIgnored() {
        assertThat(tooDeepAt("[\"[[[{{{\",\"]]]\"]", 1)).isEqualTo(-1);
    }

    @Test
    void escapedQuoteDoesNotEndTheString() {
        assertThat(tooDeepAt("[\"\\\"[[[\"]", 1)).isEqualTo(-1);
    }

    @Test
    void escapedBackslashBeforeTheClosingQuoteEndsTheString() {
        assertThat(tooDeepAt("[\"\\\\\",[1]]", 1)).isEqualTo(6);
    }

    @Test
    void bodyNoLongerThanTheLimitPasses() {
        assertThat(tooDeepAt("[[[[", 4)).isEqualTo(-1);
    }

    @Test
    void manyShallowBracketsPass() {
        assertThat(tooDeepAt("[" + "[],".repeat(100) + "{}]", 3)).isEqualTo(-1);
    }
}
