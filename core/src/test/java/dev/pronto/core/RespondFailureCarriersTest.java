package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.pronto.core.testing.TestClient;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A carrier that throws while it frames a claimed response ({@code Carrier.respond}) leaves no answer
 * possible: the exchange is given up the carrier's way (HTTP/1.1 and teleport close the connection, HTTP/2
 * and HTTP/3 reset the stream), so the client learns at once instead of waiting for its own timeout.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(TestClient.Protocol.class)
class RespondFailureCarriersTest {
    private final TestClient client;

    RespondFailureCarriersTest(TestClient.Protocol protocol) {
        client = TestCarriers.start(Server.builder().routes(r -> r
                .get("/breaks", (req, res) -> res.send(new ReadOnce("twelve chars")))
                .get("/fine", (req, res) -> res.send("fine"))), protocol);
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void aResponseTheCarrierFailsToFrameEndsTheRequestAtOnce() {
        Throwable failed = catchThrowable(() -> client.get("/breaks"));

        assertThat(failed).as("the request failed").isNotNull();
        assertThat(rootOf(failed)).as("ended by the server, not by the client's timeout")
                .isNotInstanceOf(TimeoutException.class);
    }

    @Test
    void theServerAnswersTheNextRequestAfterAFailedOne() {
        catchThrowable(() -> client.get("/breaks"));

        assertThat(client.get("/fine").text()).isEqualTo("fine");
    }

    private static Throwable rootOf(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root;
    }

    /**
     * A text that can be read once: its length is measured when it is sent, and it fails when the carrier
     * reads it again to encode it, as a lazily produced text whose source went away would.
     */
    private static final class ReadOnce implements CharSequence {
        private final String text;
        private int reads;

        ReadOnce(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            if (++reads > text.length()) {
                throw new IllegalStateException("the text's source is gone");
            }
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
