package dev.pronto.core.internal.util;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonStringsTest {
    private static String quoted(String s) {
        return JsonStrings.quoted(new StringBuilder(), s).toString();
    }

    @Test
    void quotesAndBackslashesAreEscaped() {
        assertThat(quoted("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
    }

    @Test
    void namedControlsUseTheirShortForms() {
        assertThat(quoted("\n\r\t\b\f")).isEqualTo("\"\\n\\r\\t\\b\\f\"");
    }

    @Test
    void otherControlsAndDeleteUseUnicodeEscapes() {
        assertThat(quoted("\u0000\u001f\u007f")).isEqualTo("\"\\u0000\\u001f\\u007f\"");
    }

    @Test
    void pairedSurrogatesStayAndUnpairedOnesAreEscaped() {
        assertThat(quoted("\uD83D\uDE00")).isEqualTo("\"\uD83D\uDE00\"");
        assertThat(quoted("a\uD83Db")).isEqualTo("\"a\\ud83db\"");
        assertThat(quoted("\uDE00")).isEqualTo("\"\\ude00\"");
    }

    @Test
    void nullIsTheJsonLiteral() {
        assertThat(quoted(null)).isEqualTo("null");
    }

    @Test
    void plainTextAndNonAsciiPassUnchanged() {
        assertThat(quoted("héllo wörld €")).isEqualTo("\"héllo wörld €\"");
    }
}
