package dev.pronto.auth.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The members {@link StrictJson} builds are the ones the JOSE library's own reader builds from the same text. */
class StrictJsonTest {
    private static void sameAsLibrary(String json) throws Exception {
        Map<String, Object> ours = StrictJson.object(json);

        assertThat(ours).isEqualTo(JSONObjectUtils.parse(json));
    }

    @Test
    void numbersAreLongsOrDoublesAsTheLibraryReadsThem() throws Exception {
        sameAsLibrary("{\"a\":0,\"b\":-0,\"c\":123456789012345678,\"d\":9223372036854775807,\"e\":9223372036854775808,"
                + "\"f\":-9223372036854775808,\"g\":1.5,\"h\":1E3,\"i\":1.7e9,\"j\":-2.5E-3,\"k\":1e-400}");
    }

    @Test
    void nestedObjectsArraysAndLiteralsAreTheLibrarys() throws Exception {
        sameAsLibrary("{\"x\":{\"a\":[1,{\"b\":null}],\"c\":[]},\"t\":true,\"f\":false,\"n\":null,\"e\":{}}");
    }

    @Test
    void escapedAndNonAsciiStringsAreTheLibrarys() throws Exception {
        sameAsLibrary("{\"s\":\"caf\\u00e9 \\\"q\\\" \\/ \\n\\t\\b\\f\\r\\\\\",\"\\u0073ub\":\"Jos\u00e9 \u20ac \ud83d\ude00\"}");
    }

    @Test
    void expiryWrittenAsADoubleGivesTheLibrarysDate() throws Exception {
        JWTClaimsSet claims = JWTClaimsSet.parse(StrictJson.object("{\"exp\":1.7E9,\"aud\":\"orders\"}"));

        assertThat(claims.getExpirationTime()).isEqualTo(new Date(1_700_000_000_000L));
        assertThat(claims.getAudience()).isEqualTo(List.of("orders"));
    }

    @Test
    void numberBeyondTheDoubleRangeGivesNoMembers() throws Exception {
        assertThat(StrictJson.object("{\"x\":[1e400]}")).isNull();
    }
}
