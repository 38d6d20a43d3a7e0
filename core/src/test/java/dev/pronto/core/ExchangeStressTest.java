package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Event-loop, async, blocking and misbehaving handlers ({@link MixedHandlers}) mixed on keep-alive
 * and pipelined connections over a real socket: every response belongs to its request and none is
 * missing, while late and racing sends are refused instead of answering someone else's request.
 */
class ExchangeStressTest {
    private static final int CONNECTIONS = 4;
    private static final int REQUESTS = 1000;

    private final MixedHandlers handlers = new MixedHandlers();
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1))
            .routes(handlers::register)
            .build().start();

    @AfterEach
    void stop() {
        server.close();
        handlers.close();
    }

    @Test
    void everyResponseBelongsToItsRequest() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CONNECTIONS * 2);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int c = 0; c < CONNECTIONS; c++) {
                int conn = c;
                results.add(clients.submit(() -> keepAlive(conn)));
                results.add(clients.submit(() -> pipelined(CONNECTIONS + conn)));
            }
            for (int c = 0; c < results.size(); c++) {
                int conn = c % 2 == 0 ? c / 2 : CONNECTIONS + c / 2;
                List<String> bodies = results.get(c).get(60, TimeUnit.SECONDS);
                assertThat(bodies).hasSize(REQUESTS);
                for (int i = 0; i < REQUESTS; i++) {
                    assertThat(bodies.get(i)).as("response %d on connection %d", i, conn)
                            .isEqualTo(String.valueOf(conn * REQUESTS + i));
                }
            }
        } finally {
            clients.shutdownNow();
        }
        int perKind = CONNECTIONS * 2 * REQUESTS / MixedHandlers.KINDS.length;
        handlers.awaitRefusals(perKind);
        assertThat(handlers.lateRefused.get()).isGreaterThanOrEqualTo(perKind);
        assertThat(handlers.raceLost.get()).isGreaterThanOrEqualTo(perKind);
    }

    private List<String> keepAlive(int conn) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            List<String> bodies = new ArrayList<>(REQUESTS);
            for (int i = 0; i < REQUESTS; i++) {
                out.write(request(MixedHandlers.path(conn * REQUESTS + i)));
                bodies.add(readBody(in));
            }
            return bodies;
        }
    }

    private List<String> pipelined(int conn) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            List<String> bodies = new ArrayList<>(REQUESTS);
            for (int i = 0; i < REQUESTS; i += 16) {
                for (int j = i; j < i + 16 && j < REQUESTS; j++) {
                    out.write(request(MixedHandlers.path(conn * REQUESTS + j)));
                }
                for (int j = i; j < i + 16 && j < REQUESTS; j++) {
                    bodies.add(readBody(in));
                }
            }
            return bodies;
        }
    }

    private static byte[] request(String path) {
        return ("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** Reads one response and returns its body; fails on anything but a 200 with Content-Length. */
    static String readBody(InputStream in) throws IOException {
        String head = readHead(in);
        if (!head.startsWith("HTTP/1.1 200 ")) {
            throw new IOException("unexpected response: " + head);
        }
        int at = head.indexOf("Content-Length: ") + 16;
        int length = Integer.parseInt(head.substring(at, head.indexOf("\r\n", at)));
        byte[] body = in.readNBytes(length);
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Reads one response head, through its empty line. */
    static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed after: " + head);
            }
            head.append((char) b);
        }
        return head.toString();
    }
}
