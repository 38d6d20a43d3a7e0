package dev.pronto.core.internal.form;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.BadRequestException;
import dev.pronto.core.Part;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A part's header block read into its name, file name and content type. */
class PartHeadersTest {
    @Test
    void aFilePartHasNameFilenameAndType() {
        assertThat(parse("content-disposition: form-data; name=\"doc\"; filename=\"r\u00e9sum\u00e9.pdf\"\r\n"
                + "Content-Type: application/pdf"))
                .isEqualTo(new Part("doc", "r\u00e9sum\u00e9.pdf", "application/pdf"));
    }

    @Test
    void aFieldHasNoFilename() {
        assertThat(parse("Content-Disposition: form-data; name=plain")).isEqualTo(new Part("plain", null, null));
    }

    @Test
    void aWindowsPathLosesItsDirectories() {
        assertThat(parse("Content-Disposition: form-data; name=\"f\"; filename=\"C:\\Users\\me\\a.txt\"").filename())
                .isEqualTo("a.txt");
    }

    @ParameterizedTest
    @ValueSource(strings = {"..", ".", "../..", "x/..", "a\\..", "/etc/..", "..\u0000", "./."})
    void dotSegmentsNeverReachTheApplication(String sent) {
        Part part = parse("Content-Disposition: form-data; name=\"f\"; filename=\"" + sent + "\"");

        assertThat(part.filename()).isEmpty();
        assertThat(part.rawFilename()).isEqualTo(sent);
        assertThat(part.isFile()).isTrue();
    }

    @Test
    void controlCharactersAreDropped() {
        Part part = parse("Content-Disposition: form-data; name=\"f\"; filename=\"evil\u0000.t\u0001x\u007ft\u0085\"");

        assertThat(part.filename()).isEqualTo("evil.txt");
        assertThat(part.rawFilename()).isEqualTo("evil\u0000.t\u0001x\u007ft\u0085");
    }

    @Test
    void onlyTheLastSegmentOfAMixedPathIsKept() {
        Part part = parse("Content-Disposition: form-data; name=\"f\"; filename=\"../a\\b/..\\c..d.txt\"");

        assertThat(part.filename()).isEqualTo("c..d.txt");
        assertThat(part.rawFilename()).isEqualTo("../a\\b/..\\c..d.txt");
    }

    @Test
    void aPartWithoutANameIsA400() {
        assertThatThrownBy(() -> parse("Content-Disposition: form-data; filename=\"a\""))
                .isInstanceOf(BadRequestException.class).hasMessageContaining("no name");
    }

    @Test
    void aPartWithoutContentDispositionIsA400() {
        assertThatThrownBy(() -> parse("Content-Type: text/plain")).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("without Content-Disposition");
    }

    private static Part parse(String block) {
        ByteBuf buf = Unpooled.copiedBuffer(block, StandardCharsets.UTF_8);
        try {
            return PartHeaders.parse(buf, 0, buf.readableBytes());
        } finally {
            buf.release();
        }
    }
}
