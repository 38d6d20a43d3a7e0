package dev.pronto.core.internal.content;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.ContentCoding;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AcceptEncodingTest {
    private static final List<ContentCoding> ALL = List.of(ContentCoding.BR, ContentCoding.GZIP, ContentCoding.DEFLATE);

    @ParameterizedTest(name = "[{index}] ''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
        "gzip, br                    | BR",
        "gzip                        | GZIP",
        "GZIP                        | GZIP",
        "deflate                     | DEFLATE",
        "br;q=0.5, gzip;q=0.8        | GZIP",
        "br;q=1, gzip;q=0.8          | BR",
        "br; q=0, gzip               | GZIP",
        "*                           | BR",
        "*;q=0.1, gzip;q=0.5         | GZIP",
        "gzip;q=0, *                 | BR",
        "identity                    | ",
        "identity, *;q=0             | ",
        "br;q=0, gzip;q=0, deflate;q=0 | ",
        "compress                    | ",
        "gzip;q=0.001                | GZIP",
        "gzip;q=1.000, br;q=0.999    | GZIP",
        "x-gzip, gzip;q=0.2          | GZIP",
    })
    void negotiatesByQualityThenServerOrder(String header, ContentCoding expected) {
        assertThat(AcceptEncoding.negotiate(header, ALL)).isEqualTo(expected);
    }
}
