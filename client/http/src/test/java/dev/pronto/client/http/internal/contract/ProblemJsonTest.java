package dev.pronto.client.http.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ProblemException.FieldError;
import org.junit.jupiter.api.Test;

/** The small parser of problem documents: the members the client reports, everything else skipped. */
class ProblemJsonTest {
    @Test
    void readsTheMembersAndSkipsUnknownOnes() {
        ProblemJson p = ProblemJson.parse("""
                {"type":"about:blank","extra":{"a":[1,2.5e3,true,null,{}]},"title":"Bad \\"Request\\"",
                 "status":400,"detail":"caf\\u00e9","errors":[{"field":"body.name","message":"must not be blank","x":[]}]}
                """);

        assertThat(p.type()).isEqualTo("about:blank");
        assertThat(p.title()).isEqualTo("Bad \"Request\"");
        assertThat(p.detail()).isEqualTo("café");
        assertThat(p.errors()).containsExactly(new FieldError("body.name", "must not be blank"));
    }

    @Test
    void malformedDocumentIsNull() {
        assertThat(ProblemJson.parse("{\"title\":\"x\"")).isNull();
        assertThat(ProblemJson.parse("[1]")).isNull();
        assertThat(ProblemJson.parse("{\"title\":\"x\"} trailing")).isNull();
        assertThat(ProblemJson.parse("")).isNull();
    }

    @Test
    void deepNestingIsRefusedWithoutOverflowingTheStack() {
        String deep = "{\"x\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";

        assertThat(ProblemJson.parse(deep)).isNull();
    }
}
