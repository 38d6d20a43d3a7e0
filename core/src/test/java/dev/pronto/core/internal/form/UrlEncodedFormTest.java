package dev.pronto.core.internal.form;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.FormFields;
import dev.pronto.core.FormLimits;
import dev.pronto.core.HttpException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code application/x-www-form-urlencoded} bodies read into a {@link FormFields} under its limits. */
class UrlEncodedFormTest {
    private static final String TYPE = "application/x-www-form-urlencoded; charset=UTF-8";

    @Test
    void namesAndValuesArePercentAndPlusDecoded() {
        FormFields form = parse("q=caf%C3%A9+au+lait&tag=a&tag=b&empty=&flag&%26amp=1", TYPE, FormLimits.defaults());

        assertThat(form.value("q")).isEqualTo("caf\u00e9 au lait");
        assertThat(form.values("tag")).containsExactly("a", "b");
        assertThat(form.value("empty")).isEmpty();
        assertThat(form.value("flag")).isEmpty();
        assertThat(form.value("&amp")).isEqualTo("1");
        assertThat(form.names()).containsExactly("q", "tag", "empty", "flag", "&amp");
    }

    @Test
    void moreThanMaxFieldsIsA413() {
        assertThatThrownBy(() -> parse("a=1&b=2&c=3", TYPE, FormLimits.builder().maxFields(2).build()))
                .isInstanceOf(HttpException.class).hasMessageContaining("maxFields")
                .extracting(e -> ((HttpException) e).status()).isEqualTo(413);
    }

    @Test
    void aValueOverMaxFieldSizeIsA413() {
        assertThatThrownBy(() -> parse("a=12345", TYPE, FormLimits.builder().maxFieldSize(4).build()))
                .isInstanceOf(HttpException.class).hasMessageContaining("maxFieldSize");
    }

    @Test
    void aBodyOverMaxMemorySizeIsA413() {
        FormLimits limits = FormLimits.builder().maxFieldSize(8).maxMemorySize(16).fileThreshold(0).build();

        assertThatThrownBy(() -> parse("a=1&b=2&c=3&d=4&e=5", TYPE, limits)).isInstanceOf(HttpException.class)
                .hasMessageContaining("maxMemorySize");
    }

    @Test
    void aMalformedEscapeIsA400() {
        assertThatThrownBy(() -> parse("a=%zz", TYPE, FormLimits.defaults())).isInstanceOf(BadRequestException.class);
    }

    @Test
    void anotherContentTypeIsA415() {
        assertThatThrownBy(() -> parse("{}", "application/json", FormLimits.defaults()))
                .isInstanceOf(HttpException.class).extracting(e -> ((HttpException) e).status()).isEqualTo(415);
    }

    @Test
    void anEmptyBodyWithoutContentTypeIsAnEmptyForm() {
        assertThat(parse("", null, FormLimits.defaults()).asMap()).isEmpty();
    }

    @Test
    void limitsAreValidatedNamingTheField() {
        assertThatThrownBy(() -> FormLimits.builder().maxParts(0).build())
                .hasMessage("maxParts must be >= 1, got 0");
        assertThatThrownBy(() -> FormLimits.builder().fileThreshold(1 << 30).build())
                .hasMessageContaining("fileThreshold must be <= maxMemorySize");
        assertThat(List.of(FormLimits.defaults().maxFields(), FormLimits.defaults().maxParts())).containsExactly(1000, 1000);
    }

    private static FormFields parse(String body, String type, FormLimits limits) {
        ByteBuf buf = Unpooled.copiedBuffer(body, StandardCharsets.UTF_8);
        try {
            return UrlEncodedForm.parse(buf, type, limits);
        } finally {
            buf.release();
        }
    }
}
