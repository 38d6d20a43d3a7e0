package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.util.FlushTimedHook;
import dev.pronto.core.internal.util.FlushTimes;
import dev.pronto.testsupport.Await;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Request metrics over HTTP/1.1 time a response to the flush that hands it to the socket: the responses of one
 * pipelined read share that flush, and so one clock read, instead of one each.
 */
class PipelinedTimingTest {
    private static final int PIPELINED = 16;
    private final List<Long> timings = new CopyOnWriteArrayList<>();
    private final RequestMetrics metrics = RequestMetrics.of(tags -> timings::add);

    @Test
    void theResponsesOfOnePipelinedReadAreTimedToTheirOneFlush() throws Exception {
        try (Server server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .routes(r -> r.register(metrics).get("/p", (req, res) -> res.send("p"))).build().start();
                Socket s = new Socket("127.0.0.1", server.port())) {
            s.getOutputStream().write("GET /p HTTP/1.1\r\nHost: x\r\n\r\n".repeat(PIPELINED).getBytes(StandardCharsets.US_ASCII));
            readResponses(s.getInputStream(), PIPELINED);
            Await.until("every response timed", () -> timings.size() == PIPELINED);
        }

        assertThat(timings).allMatch(nanos -> nanos >= 0);
        // one read and one flush give one timing for all; a loaded machine may split the read once or twice
        assertThat(timings.stream().distinct().count()).isLessThanOrEqualTo(3);
    }

    @Test
    void aResponseOfAClosedConnectionIsStillTimed() throws Exception {
        try (Server server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .routes(r -> r.register(metrics).get("/p", (req, res) -> res.send("p"))).build().start();
                Socket s = new Socket("127.0.0.1", server.port())) {
            s.getOutputStream().write("GET /p HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            readResponses(s.getInputStream(), 1);
            Await.until("the response timed", () -> timings.size() == 1);
        }
    }

    @Test
    void pipelinedResponsesOfDifferentSeriesAreEachTimedIntoTheirOwn() throws Exception {
        List<String> series = new CopyOnWriteArrayList<>();
        RequestMetrics bySeries = RequestMetrics.of(tags -> nanos -> series.add(tags.uri() + " " + tags.status()));
        String[] paths = {"/p", "/p", "/q", "/p", "/g", "/p", "/a", "/a", "/g"};
        try (Server server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .routes(r -> r.register(bySeries).get("/p", (req, res) -> res.send("p"))
                        .get("/q", (req, res) -> res.status(404).send("p"))
                        .get("/g", (req, res) -> {
                            req.attribute(AccessLog.GRPC_STATUS, 5);
                            res.send("p");
                        })
                        .get("/a", (req, res) -> {
                            req.attribute(AccessLog.REQUEST_ID, "r");
                            res.send("p");
                        })).build().start();
                Socket s = new Socket("127.0.0.1", server.port())) {
            StringBuilder requests = new StringBuilder();
            for (String path : paths) {
                requests.append("GET ").append(path).append(" HTTP/1.1\r\nHost: x\r\n\r\n");
            }
            s.getOutputStream().write(requests.toString().getBytes(StandardCharsets.US_ASCII));
            readBodies(s.getInputStream(), paths.length);
            Await.until("every response timed", () -> series.size() == paths.length);
        }

        // a gRPC status (NOT_FOUND) is recorded with the HTTP status it maps to, however its neighbours were; another
        // attribute changes nothing
        assertThat(series).containsExactly("/p 200", "/p 200", "/q 404", "/p 200", "/g 404", "/p 200", "/a 200",
                "/a 200", "/g 404");
    }

    @Test
    void aPipelinedRunOfOneSeriesAsksTheHookOnceEvenWithOtherAttributes() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        AtomicInteger timed = new AtomicInteger();
        FlushTimedHook hook = new FlushTimedHook() {
            @Override
            public void resolve(Request req, int status, FlushTimes times, long startNanos) {
                asked.incrementAndGet();
                times.add(nanos -> timed.incrementAndGet(), startNanos);
            }

            @Override
            public String keyAttribute() {
                return AccessLog.GRPC_STATUS;
            }

            @Override
            public void handle(Request req, int status, long bytes, long nanos) {
                timed.incrementAndGet();
            }
        };
        try (Server server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1))
                .routes(r -> {
                    r.root().onResponse(hook);
                    r.get("/a", (req, res) -> {
                        req.attribute(AccessLog.REQUEST_ID, "r");
                        res.send("p");
                    });
                }).build().start();
                Socket s = new Socket("127.0.0.1", server.port())) {
            s.getOutputStream().write("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".repeat(PIPELINED).getBytes(StandardCharsets.US_ASCII));
            readBodies(s.getInputStream(), PIPELINED);
            Await.until("every response timed", () -> timed.get() == PIPELINED);
        }

        assertThat(asked).hasValue(1);
    }

    private static void readBodies(InputStream in, int n) throws Exception {
        StringBuilder got = new StringBuilder();
        byte[] buf = new byte[8192];
        while (count(got, "\r\n\r\np") < n) {
            int r = in.read(buf);
            assertThat(r).as("bytes before the end of the stream").isPositive();
            got.append(new String(buf, 0, r, StandardCharsets.US_ASCII));
        }
    }

    private static void readResponses(InputStream in, int n) throws Exception {
        String one = "HTTP/1.1 200 OK";
        StringBuilder got = new StringBuilder();
        byte[] buf = new byte[8192];
        while (count(got, one) < n || !got.toString().endsWith("p")) {
            int r = in.read(buf);
            assertThat(r).as("bytes before the end of the stream").isPositive();
            got.append(new String(buf, 0, r, StandardCharsets.US_ASCII));
        }
    }

    private static int count(CharSequence text, String part) {
        return (text.length() - text.toString().replace(part, "").length()) / part.length();
    }
}
