package dev.pronto.client.http;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.Request;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A Pronto server with h2c and TLS listeners, and clients for it, shared by the HTTP/2 tests. */
final class H2Fixtures {
    static final int H2C = 0;
    static final int H2_TLS = 1;
    static final int HTTP11_TLS = 2;
    /** Completes the responses of {@code /gate}; replaced by the tests that use it. */
    static volatile CompletableFuture<String> gate = new CompletableFuture<>();

    private H2Fixtures() {
    }

    /** A server with h2c, TLS offering h2 and http/1.1, and TLS offering only http/1.1, in that order. */
    static Server server(Consumer<Server.Builder> change) {
        TlsConfig tls = TlsConfig.builder().pem(HttpsTest.file("localhost.crt"), HttpsTest.file("localhost.key")).build();
        Server.Builder b = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.h2c(0))
                .listener(Listener.https(0, tls))
                .listener(Listener.https(0, tls).withProtocols(Protocol.HTTP_1_1))
                .routes(r -> r
                        .get("/port", (req, res) -> res.send(port(req)))
                        .get("/protocol", (req, res) -> res.send(req.protocol()))
                        .get("/slow", (req, res) -> res.send(CompletableFuture.supplyAsync(() -> port(req),
                                CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS))))
                        .get("/gate", (req, res) -> res.send(gate))
                        .get("/never", (req, res) -> res.send(new CompletableFuture<String>()))
                        .get("/text", (req, res) -> res.header("Content-Type", "text/plain").send("pronto ".repeat(1000)))
                        .get("/big", (req, res) -> res.send(new byte[4 << 20]))
                        .head("/big", (req, res) -> res.header("X-Size", String.valueOf(4 << 20)).send())
                        .post("/length", (req, res) -> res.send(String.valueOf(req.bodyBytes().length)))
                        .put("/length", (req, res) -> res.send(String.valueOf(req.bodyBytes().length))));
        change.accept(b);
        return b.build().start();
    }

    private static String port(Request req) {
        return String.valueOf(((InetSocketAddress) req.remoteAddress()).getPort());
    }

    static String url(Server s, int listener, String path) {
        return (listener == H2C ? "http" : "https") + "://localhost:" + s.ports().get(listener) + path;
    }

    /** A client speaking h2c with prior knowledge to http origins, on one loop. */
    static ClientConfig.Builder h2c() {
        return ClientConfig.builder().cleartext(Protocol.HTTP_2).ioThreads(1);
    }

    /** A client trusting the test certificate, with the default ALPN offer and hostname verification. */
    static ClientConfig.Builder tls() {
        return ClientConfig.builder().ioThreads(1)
                .tls(ClientTls.builder().trustedCertificates(HttpsTest.file("localhost.crt")).build());
    }

    static String get(HttpClient client, String url) {
        try (ClientResponse r = client.sendBlocking(ClientRequest.get(url))) {
            return r.string();
        }
    }

    /** Sends {@code n} GETs of {@code url} at once and waits for every "status body". */
    static List<String> getAll(HttpClient client, String url, int n) {
        return sendAll(client, url, n).stream().map(CompletableFuture::join).toList();
    }

    static List<CompletableFuture<String>> sendAll(HttpClient client, String url, int n) {
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            calls.add(body(client.send(ClientRequest.get(url))));
        }
        return calls;
    }

    static CompletableFuture<String> body(CompletionStage<ClientResponse> call) {
        return call.thenApply(r -> {
            try (r) {
                return r.status() + " " + r.string();
            }
        }).toCompletableFuture();
    }
}
