package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Redirect following is opt-in. */
class RedirectTest {
    private RawServer server;
    private HttpClient client;

    @BeforeEach
    void start() {
        server = RawServer.start((ctx, i, req) -> {
            String path = RawServer.path(req);
            if (path.equals("/loop")) {
                RawServer.send(ctx, "HTTP/1.1 302 Found\r\nLocation: /loop\r\nContent-Length: 0\r\n\r\n");
            } else if (path.equals("/old")) {
                RawServer.send(ctx, "HTTP/1.1 303 See Other\r\nLocation: /new\r\nContent-Length: 0\r\n\r\n");
            } else {
                RawServer.send(ctx, RawServer.ok(req.split(" ", 2)[0] + " " + path));
            }
        });
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void redirectIsReturnedWhenNotFollowing() {
        client = HttpClient.create(ClientConfig.defaults());
        try (ClientResponse r = client.sendBlocking(ClientRequest.get(server.url("/old")))) {
            assertThat(r.status()).isEqualTo(303);
            assertThat(r.header("location")).isEqualTo("/new");
        }
    }

    @Test
    void seeOtherTurnsPostIntoGet() {
        client = HttpClient.create(ClientConfig.builder().followRedirects(Redirects.NORMAL).build());
        ClientRequest post = ClientRequest.builder().method("POST").uri(server.url("/old")).body("x").build();
        try (ClientResponse r = client.sendBlocking(post)) {
            assertThat(r.string()).isEqualTo("GET /new");
        }
    }

    @Test
    void redirectLoopNamesMaxRedirects() {
        client = HttpClient.create(ClientConfig.builder().followRedirects(Redirects.ALWAYS).maxRedirects(3).build());
        assertThatThrownBy(() -> client.sendBlocking(ClientRequest.get(server.url("/loop"))))
                .isInstanceOf(TooManyRedirectsException.class)
                .hasMessageStartingWith("more than maxRedirects=3 redirects for GET " + server.url("/loop"));
    }
}
