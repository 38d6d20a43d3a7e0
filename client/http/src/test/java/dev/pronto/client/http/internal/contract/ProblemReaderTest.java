package dev.pronto.client.http.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.ProblemException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Error answers in plain text still give a status, a title and, for a validation failure, the fields. */
class ProblemReaderTest {
    private record Answer(int status, String contentType, String text) implements ClientResponse {
        @Override
        public String header(CharSequence name) {
            return "content-type".contentEquals(name) ? contentType : null;
        }

        @Override
        public List<String> headers(CharSequence name) {
            return contentType == null ? List.of() : List.of(contentType);
        }

        @Override
        public List<String> headerNames() {
            return List.of("content-type");
        }

        @Override
        public ByteBuf body() {
            return Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public byte[] bytes() {
            return text.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String string() {
            return text;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void plainTextValidationFailureListsTheFields() {
        ProblemException e = ProblemReader.read("POST http://h/items", new Answer(400, "text/plain; charset=utf-8",
                "Invalid request: body.name must not be blank; body.price must be greater than or equal to 0"));

        assertThat(e.status()).isEqualTo(400);
        assertThat(e.title()).isEqualTo("Bad Request");
        assertThat(e.errors()).containsExactly(new ProblemException.FieldError("body.name", "must not be blank"),
                new ProblemException.FieldError("body.price", "must be greater than or equal to 0"));
        assertThat(e).hasMessage("POST http://h/items: 400 Bad Request: Invalid request: body.name must not be blank; "
                + "body.price must be greater than or equal to 0");
    }

    @Test
    void otherPlainTextIsTheDetail() {
        ProblemException e = ProblemReader.read("GET http://h/x", new Answer(404, "text/plain", "item 7 not found"));

        assertThat(e.detail()).isEqualTo("item 7 not found");
        assertThat(e.title()).isEqualTo("Not Found");
        assertThat(e.errors()).isEmpty();
    }

    @Test
    void malformedProblemJsonFallsBackToTheText() {
        ProblemException e = ProblemReader.read("GET http://h/x", new Answer(502, "application/problem+json", "{oops"));

        assertThat(e.status()).isEqualTo(502);
        assertThat(e.detail()).isEqualTo("{oops");
        assertThat(e.title()).isEqualTo("Bad Gateway");
    }
}
