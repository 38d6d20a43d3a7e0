package dev.pronto.processor;

import static dev.pronto.processor.OpenApiDocuments.at;
import static dev.pronto.processor.OpenApiDocuments.parse;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code @Form} and {@code @FilePart} parameters, bound from url-encoded and multipart bodies and described in OpenAPI. */
class GeneratedFormsTest {
    static final String FORMS = """
            package app;

            import dev.pronto.core.FileUpload;
            import dev.pronto.core.annotation.*;
            import java.util.List;
            import java.util.Optional;

            @Path("/forms")
            public final class Forms {
                @Post("/login")
                String login(@Form String user, @Form("age") int age, @Form Optional<String> note, @Form List<String> tag) {
                    return user + "/" + age + "/" + note.orElse("-") + "/" + tag;
                }

                @Post("/upload")
                String upload(@Form String title, @FilePart FileUpload doc, @FilePart Optional<FileUpload> extra,
                        @FilePart("more") List<FileUpload> more) throws Exception {
                    try (var in = doc.inputStream()) {
                        return title + ":" + doc.filename() + ":" + new String(in.readAllBytes()) + ":"
                                + extra.isPresent() + ":" + more.size();
                    }
                }
            }
            """;
    private static final String BOUNDARY = "b0und";
    private static final Map<String, String> URLENCODED = Map.of("Content-Type", "application/x-www-form-urlencoded");
    private static final Map<String, String> MULTIPART = Map.of("Content-Type", "multipart/form-data; boundary=" + BOUNDARY);
    private static TestCompiler.Compilation compilation;
    private static TestClient client;

    @BeforeAll
    static void start() throws Exception {
        compilation = TestCompiler.compile(FORMS);
        assertThat(compilation.errors()).isEmpty();
        client = TestClient.start(Server.builder()
                .routes(GeneratedRoutesTest.Generated.routes(compilation.loader(), "app.Forms")));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void formFieldsBindFromAUrlEncodedBody() {
        assertThat(client.request("POST", "/forms/login", URLENCODED, "user=ann+lee&age=42&tag=a&tag=b").text())
                .isEqualTo("ann lee/42/-/[a, b]");
    }

    @Test
    void formFieldsBindFromAMultipartBody() {
        String body = part("user", null, "bob") + part("age", null, "7") + part("note", null, "hi") + end();

        assertThat(client.request("POST", "/forms/login", MULTIPART, body).text()).isEqualTo("bob/7/hi/[]");
    }

    @Test
    void aMissingOrUnconvertibleFieldIsA400NamingIt() {
        TestResponse missing = client.request("POST", "/forms/login", URLENCODED, "age=1");
        TestResponse bad = client.request("POST", "/forms/login", URLENCODED, "user=a&age=old");

        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.text()).isEqualTo("form field 'user' is required");
        assertThat(bad.text()).isEqualTo("form field 'age' must be an integer, got 'old'");
    }

    @Test
    void filePartsBindFromAStreamedMultipartBody() {
        String body = part("title", null, "report") + part("doc", "r.txt", "content") + part("more", "1.txt", "1")
                + part("more", "2.txt", "2") + end();

        assertThat(client.request("POST", "/forms/upload", MULTIPART, body).text()).isEqualTo("report:r.txt:content:false:2");
    }

    @Test
    void aMissingFilePartIsA400NamingIt() {
        TestResponse res = client.request("POST", "/forms/upload", MULTIPART, part("title", null, "t") + end());

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).isEqualTo("file part 'doc' is required");
    }

    @Test
    void aFilePartSentWithoutAFilenameIsA400NotDropped() {
        String body = part("title", null, "t") + part("doc", "r.txt", "x") + part("more", null, "abc") + end();
        TestResponse res = client.request("POST", "/forms/upload", MULTIPART, body);

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).isEqualTo("part 'more' must be a file: its Content-Disposition needs a filename");
    }

    @Test
    void filePartsNeedAMultipartBody() {
        assertThat(client.request("POST", "/forms/upload", URLENCODED, "title=t").status()).isEqualTo(415);
    }

    @Test
    void openApiDescribesTheFormsAsRequestBodies() throws Exception {
        Map<String, Object> doc = parse(compilation);
        Object upload = at(doc, "paths", "/forms/upload", "post", "requestBody", "content");
        Object login = at(doc, "paths", "/forms/login", "post", "requestBody", "content");
        Map<String, Object> binary = Map.of("type", "string", "format", "binary", "contentMediaType", "application/octet-stream");

        assertThat(upload).isEqualTo(Map.of("multipart/form-data", Map.of("schema", Map.of("type", "object",
                "properties", Map.of("title", Map.of("description", "Text: any value, read as its text"), "doc", binary,
                        "extra", binary,
                        "more", Map.of("type", "array", "items", binary)),
                "required", List.of("title", "doc")))));
        assertThat(((Map<?, ?>) login).keySet().stream().map(Object::toString).toList())
                .containsExactlyInAnyOrder("multipart/form-data", "application/x-www-form-urlencoded");
        assertThat(at(doc, "paths", "/forms/login", "post", "parameters")).isNull();
    }

    private static String part(String name, String filename, String value) {
        return "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\""
                + (filename == null ? "" : "; filename=\"" + filename + "\"") + "\r\n\r\n" + value + "\r\n";
    }

    private static String end() {
        return "--" + BOUNDARY + "--\r\n";
    }

    @Test
    void aTextFieldStatesNoJsonTypeButANumberFieldDoes() throws Exception {
        Map<String, Object> doc = parse(compilation);

        assertThat(at(doc, "paths", "/forms/login", "post", "requestBody", "content", "multipart/form-data", "schema",
                "properties", "user")).isEqualTo(Map.of("description", "Text: any value, read as its text"));
        assertThat(at(doc, "paths", "/forms/login", "post", "requestBody", "content", "multipart/form-data", "schema",
                "properties", "age")).isEqualTo(Map.of("type", "integer", "format", "int32"));
    }
}
