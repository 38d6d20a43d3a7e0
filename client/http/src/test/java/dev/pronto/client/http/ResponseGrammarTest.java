package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Responses that break the RFC 9112 grammar the server enforces on requests: the client rejects
 * each one with a {@link MalformedResponseException} saying what was wrong. A raw server on
 * 127.0.0.1 answers {@code GET /<n>} with bad response number n.
 */
class ResponseGrammarTest {
    private static final String OK = "HTTP/1.1 200 OK\r\n";

    private static final List<Arguments> BAD = List.of(
            bad("bare LF line endings", "HTTP/1.1 200 OK\nContent-Length: 2\n\nok", "bare LF"),
            bad("bare LF ending one header", OK + "Content-Length: 2\n\r\nok", "bare LF"),
            bad("bare CR in a value", OK + "X-A: a\rb\r\nContent-Length: 2\r\n\r\nok", "CR not followed by LF"),
            bad("NUL in a value", OK + "X-A: a\u0000b\r\nContent-Length: 2\r\n\r\nok", "control character in header value"),
            bad("CTL in a value", OK + "X-A: a\u001bb\r\nContent-Length: 2\r\n\r\nok", "control character in header value"),
            bad("invalid name character", OK + "X(A): 1\r\nContent-Length: 2\r\n\r\nok", "invalid character in header name"),
            bad("obs-fold", OK + "X-A: a\r\n b\r\nContent-Length: 2\r\n\r\nok", "obsolete line folding"),
            bad("whitespace before the colon", OK + "Content-Length : 2\r\n\r\nok", "whitespace before ':'"),
            bad("conflicting Content-Length", OK + "Content-Length: 2\r\nContent-Length: 3\r\n\r\nok",
                    "Conflicting Content-Length"),
            bad("non-decimal Content-Length", OK + "Content-Length: 0x2\r\n\r\nok", "Invalid Content-Length \"0x2\""),
            bad("xchunked", OK + "Transfer-Encoding: xchunked\r\n\r\n2\r\nok\r\n0\r\n\r\n", "must be 'chunked'"),
            bad("chunked, gzip", OK + "Transfer-Encoding: chunked, gzip\r\n\r\n2\r\nok\r\n0\r\n\r\n", "must be 'chunked'"),
            bad("gzip, chunked", OK + "Transfer-Encoding: gzip, chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n",
                    "Unsupported Transfer-Encoding"),
            bad("TE with Content-Length", OK + "Transfer-Encoding: chunked\r\nContent-Length: 6\r\n\r\n0\r\n\r\n",
                    "Both Content-Length and Transfer-Encoding"),
            bad("chunk size 2zz", OK + "Transfer-Encoding: chunked\r\n\r\n2zz\r\nok\r\n0\r\n\r\n",
                    "Malformed chunk size line \"2zz\""),
            bad("chunk size 0x10", OK + "Transfer-Encoding: chunked\r\n\r\n0x10\r\n",
                    "Malformed chunk size line \"0x10\""),
            bad("chunk size overflow", OK + "Transfer-Encoding: chunked\r\n\r\n10000000000000000\r\n", "Chunk size too large"),
            bad("malformed trailer", OK + "Transfer-Encoding: chunked\r\n\r\n0\r\nX-T : 1\r\n\r\n", "Malformed trailer field"),
            bad("HTTP/1.7", "HTTP/1.7 200 OK\r\nContent-Length: 2\r\n\r\nok", "unsupported HTTP version"),
            bad("HTTP/2.0", "HTTP/2.0 200 OK\r\nContent-Length: 2\r\n\r\nok", "unsupported HTTP version"),
            bad("status 099", "HTTP/1.1 099 Odd\r\nContent-Length: 2\r\n\r\nok", "status must be in 100..599"),
            bad("status 600", "HTTP/1.1 600 Odd\r\nContent-Length: 2\r\n\r\nok", "status must be in 100..599"),
            bad("two-digit status", "HTTP/1.1 20 OK\r\nContent-Length: 2\r\n\r\nok", "malformed status line"),
            bad("four-digit status", "HTTP/1.1 2000 OK\r\nContent-Length: 2\r\n\r\nok", "malformed status line"));

    private static RawServer server;
    private static HttpClient client;

    private static Arguments bad(String what, String response, String message) {
        return Arguments.of(what, response, message);
    }

    @BeforeAll
    static void start() {
        server = RawServer.start((ctx, i, req) -> {
            String path = RawServer.path(req);
            if (path.equals("/interim")) {
                RawServer.send(ctx, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                        + RawServer.ok("final"));
            } else {
                RawServer.send(ctx, (String) BAD.get(Integer.parseInt(path.substring(1))).get()[1]);
            }
        });
        client = HttpClient.create(ClientConfig.builder().maxAttempts(1).build());
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    static Stream<Arguments> cases() {
        return IntStream.range(0, BAD.size()).mapToObj(i -> Arguments.of(i, BAD.get(i).get()[0], BAD.get(i).get()[2]));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("cases")
    void responseBreakingTheGrammarIsMalformed(int index, String what, String message) {
        assertThatThrownBy(() -> client.sendBlocking(ClientRequest.get(server.url("/" + index))))
                .as(what)
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageStartingWith("malformed response from http://127.0.0.1:")
                .hasMessageContaining(message);
    }

    @Test
    void interimResponsesAreSkipped() {
        try (ClientResponse r = client.sendBlocking(ClientRequest.get(server.url("/interim")))) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.string()).isEqualTo("final");
        }
    }
}
