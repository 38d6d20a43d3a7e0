package dev.pronto.core.internal.form;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.HttpException;
import org.junit.jupiter.api.Test;

/** The boundary parameter of a multipart Content-Type. */
class BoundaryTest {
    @Test
    void aQuotedBoundaryMayHoldSpacesAndColons() {
        assertThat(Boundary.of("Multipart/Form-Data; charset=utf-8; boundary=\"a b:c\"")).isEqualTo("a b:c");
    }

    @Test
    void aTokenBoundaryIsTakenAsIs() {
        assertThat(Boundary.of("multipart/form-data;boundary=----WebKitFormBoundary7MA4YWxk")).isEqualTo(
                "----WebKitFormBoundary7MA4YWxk");
    }

    @Test
    void aMissingBoundaryIsA400() {
        assertThatThrownBy(() -> Boundary.of("multipart/form-data")).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("without a boundary");
    }

    @Test
    void aBoundaryOverSeventyCharactersIsA400() {
        assertThatThrownBy(() -> Boundary.of("multipart/form-data; boundary=" + "a".repeat(71)))
                .isInstanceOf(BadRequestException.class).hasMessageContaining("Invalid multipart boundary");
    }

    @Test
    void anotherContentTypeIsA415() {
        assertThatThrownBy(() -> Boundary.of("application/json")).isInstanceOf(HttpException.class)
                .extracting(e -> ((HttpException) e).status()).isEqualTo(415);
    }
}
