package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The arena's upload form: a title field and repeated file parts. */
class UploadControllerTest {
    private final TestClient client = TestClient.start(Server.builder()
            .routes(new UploadController$Routes(new UploadController())));

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void answersTheTitleAndTheFilesThatArrived() {
        String body = "--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nholiday\r\n"
                + "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n\r\n" + "x".repeat(40_000) + "\r\n"
                + "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.jpg\"\r\n\r\nyy\r\n--b--\r\n";

        assertThat(client.request("POST", "/forms/upload", Map.of("Content-Type", "multipart/form-data; boundary=b"), body)
                .text()).isEqualTo("holiday: 2 files, 40002 bytes");
    }
}
