package dev.pronto.core.internal.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The served document's writer escapes names and strings as the runtime's one escaper does, and reads back. */
class JsonTreeTest {
    @Test
    void namesAndStringsAreEscapedAndReadBack() {
        Map<String, Object> doc = JsonTree.object();
        doc.put("a\"b", List.of("line\nbreak\ttab\\", "bell\u0007"));

        String text = JsonTree.write(doc);

        assertThat(text).contains("\"a\\\"b\"", "\"line\\nbreak\\ttab\\\\\"", "\"bell\\u0007\"");
        assertThat(JsonTree.parse(text)).isEqualTo(doc);
    }
}
