package dev.pronto.core;

import static dev.pronto.testsupport.H3Wire.CANCEL_PUSH;
import static dev.pronto.testsupport.H3Wire.DATA;
import static dev.pronto.testsupport.H3Wire.GOAWAY;
import static dev.pronto.testsupport.H3Wire.HEADERS;
import static dev.pronto.testsupport.H3Wire.MAX_PUSH_ID;
import static dev.pronto.testsupport.H3Wire.PRIORITY_UPDATE;
import static dev.pronto.testsupport.H3Wire.PRIORITY_UPDATE_PUSH;
import static dev.pronto.testsupport.H3Wire.PUSH_PROMISE;
import static dev.pronto.testsupport.H3Wire.SETTINGS;
import static dev.pronto.testsupport.H3Wire.bytes;
import static dev.pronto.testsupport.H3Wire.concat;
import static dev.pronto.testsupport.H3Wire.frame;
import static dev.pronto.testsupport.H3Wire.frameDeclaring;
import static dev.pronto.testsupport.H3Wire.get;
import static dev.pronto.testsupport.H3Wire.section;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.H3RawClient;
import dev.pronto.testsupport.H3Wire;
import io.netty.handler.codec.quic.QuicStreamType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A hostile HTTP/3 client (RFC 9114, RFC 9204, RFC 9218's PRIORITY_UPDATE) writing hand-made frames on a raw QUIC connection: each case
 * gets the connection error, the stream error or the answer the RFCs require, never a hang or a 500.
 * Cases marked "control" show that what must be accepted still is. The header read timeout is long, so a
 * server that waits for bytes that never come fails the case instead of being rescued by its timer.
 */
class Http3HostileFramesTest {
    private static Server server;
    private H3RawClient client;

    @BeforeAll
    static void startServer() {
        server = Server.builder()
                .config(c -> c.host("127.0.0.1").ioThreads(1).maxBodySize(1000).headerReadTimeout(Duration.ofMinutes(1)))
                .listener(Listener.http3(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
                .http3(Http3Config.defaults().withRetry(Http3Config.Retry.OFF))
                .routes(r -> r.get("/", (req, res) -> res.send("ok"))
                        .post("/", (req, res) -> res.send("n=" + req.bodyBytes().length)))
                .build().start();
    }

    @AfterAll
    static void stopServer() {
        server.stop(Duration.ZERO);
    }

    @AfterEach
    void closeClient() {
        if (client != null) {
            client.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void hostileClient(Case c) throws Exception {
        client = new H3RawClient(server.ports().getFirst());

        assertThat(c.probe().run(client)).isEqualTo(c.expected());
    }

    /** One hostile input and what the server must answer. */
    record Case(String name, Probe probe, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    interface Probe {
        String run(H3RawClient c) throws Exception;
    }

    static List<Case> cases() {
        return java.util.stream.Stream.of(controlStream(), criticalStreams(), requestFrames(), priorityUpdates(),
                qpack(), fields(), bodies()).flatMap(List::stream).toList();
    }

    private static List<Case> controlStream() {
        return List.of(
                new Case("§7.2.4 SETTINGS value running past the frame end", control(frame(SETTINGS, 0x06, 0x44)),
                        "conn:H3_FRAME_ERROR"),
                new Case("§7.2.4 SETTINGS identifier without a value", control(frame(SETTINGS, 0x21)),
                        "conn:H3_FRAME_ERROR"),
                new Case("§7.2.4.1 SETTINGS identifier twice", control(frame(SETTINGS, 0x21, 0x01, 0x21, 0x02)),
                        "conn:H3_SETTINGS_ERROR"),
                new Case("§7.2.4.1 HTTP/2's SETTINGS_ENABLE_PUSH", control(frame(SETTINGS, 0x02, 0x00)),
                        "conn:H3_SETTINGS_ERROR"),
                new Case("§7.2.6 GOAWAY with bytes after its id", control(frame(GOAWAY, 0x00, 0x00)),
                        "conn:H3_FRAME_ERROR"),
                new Case("§7.2.6 GOAWAY without an id", control(frame(GOAWAY)), "conn:H3_FRAME_ERROR"),
                new Case("§7.1 SETTINGS inside a MAX_PUSH_ID payload",
                        control(frame(MAX_PUSH_ID, concat(bytes(0x00), frame(SETTINGS)))), "conn:H3_FRAME_ERROR"),
                new Case("§7.2.3 CANCEL_PUSH with bytes after its id", control(frame(CANCEL_PUSH, 0x00, 0x00)),
                        "conn:H3_FRAME_ERROR"),
                new Case("§7.2.4 a second SETTINGS frame", control(frame(SETTINGS)), "conn:H3_FRAME_UNEXPECTED"),
                new Case("§6.2.1 control stream starting with GOAWAY",
                        uni(concat(bytes(0x00), frame(GOAWAY, 0x00)), false), "conn:H3_MISSING_SETTINGS"),
                new Case("§7.2.1 DATA on the control stream", control(frame(DATA, 'x')), "conn:H3_FRAME_UNEXPECTED"),
                new Case("§7.2.2 HEADERS on the control stream", control(get()), "conn:H3_FRAME_UNEXPECTED"),
                new Case("§7.2.8 HTTP/2's PRIORITY frame type", control(frame(0x02, 0x00)), "conn:H3_FRAME_UNEXPECTED"),
                new Case("§7.2.5 PUSH_PROMISE from a client", control(frame(PUSH_PROMISE, 0x00)),
                        "conn:H3_FRAME_UNEXPECTED"),
                new Case("control: §9 unknown frame type on the control stream is ignored",
                        thenGet(control(), frame(0x21, 'x', 'y')), "body:ok"),
                new Case("control: MAX_PUSH_ID with a two-byte id", thenGet(control(), frame(MAX_PUSH_ID, 0x40, 0x10)),
                        "body:ok"));
    }

    private static List<Case> criticalStreams() {
        return List.of(
                new Case("§6.2.1 the control stream ends", c -> {
                    c.control(new byte[0]).stream().shutdownOutput();
                    return "conn:" + c.closeError();
                }, "conn:H3_CLOSED_CRITICAL_STREAM"),
                new Case("§6.2.1 the control stream is reset", c -> {
                    c.control(new byte[0]).stream().shutdownOutput(0x10c);
                    return "conn:" + c.closeError();
                }, "conn:H3_CLOSED_CRITICAL_STREAM"),
                new Case("§6.2.1 a second control stream", c -> {
                    c.control(new byte[0]);
                    c.control(new byte[0]);
                    return "conn:" + c.closeError();
                }, "conn:H3_STREAM_CREATION_ERROR"),
                new Case("RFC 9204 §4.2 the QPACK encoder stream ends", uni(bytes(0x02), true),
                        "conn:H3_CLOSED_CRITICAL_STREAM"),
                new Case("RFC 9204 §4.2 the QPACK decoder stream is reset", c -> {
                    c.open(QuicStreamType.UNIDIRECTIONAL, bytes(0x03), false).stream().shutdownOutput(0x10c);
                    return "conn:" + c.closeError();
                }, "conn:H3_CLOSED_CRITICAL_STREAM"),
                new Case("RFC 9204 §4.4.1 Section Acknowledgment of a section never sent",
                        uni(bytes(0x03, 0x80), false), "conn:QPACK_DECODER_STREAM_ERROR"),
                new Case("RFC 9204 §4.4.3 Insert Count Increment of inserts never sent",
                        uni(bytes(0x03, 0x01), false), "conn:QPACK_DECODER_STREAM_ERROR"),
                new Case("RFC 9204 §4.4.3 Insert Count Increment of zero", uni(bytes(0x03, 0x00), false),
                        "conn:QPACK_DECODER_STREAM_ERROR"),
                new Case("RFC 9204 §4.3.1 encoder stream setting a capacity above the announced 0",
                        uni(bytes(0x02, 0x3f, 0xe1, 0x1f), false), "conn:QPACK_ENCODER_STREAM_ERROR"),
                new Case("control: RFC 9204 §4.4.2 Stream Cancellation is accepted",
                        thenGet(uni(false), bytes(0x03, 0x41)), "body:ok"),
                new Case("control: §6.2.3 a reserved stream type is ignored",
                        thenGet(uni(true), bytes(0x21, 0x01, 0x02, 0x03)), "body:ok"));
    }

    private static List<Case> requestFrames() {
        return List.of(
                new Case("§7.1 DATA declaring 100 bytes, 10 sent, then FIN",
                        requestClosing(get(), frameDeclaring(DATA, 100, new byte[10])), "conn:H3_FRAME_ERROR"),
                new Case("§7.1 half a frame header before FIN", requestClosing(get(), bytes(0x00)),
                        "conn:H3_FRAME_ERROR"),
                new Case("§7.1 half a two-byte frame type before FIN", requestClosing(get(), bytes(0x40)),
                        "conn:H3_FRAME_ERROR"),
                new Case("§7.1 HEADERS declaring 40 bytes, 5 sent, then FIN",
                        requestClosing(frameDeclaring(HEADERS, 40, new byte[5])), "conn:H3_FRAME_ERROR"),
                new Case("§4.1 DATA before HEADERS", requestClosing(frame(DATA, 'x')), "conn:H3_FRAME_UNEXPECTED"),
                new Case("§7.2.4 SETTINGS on a request stream", requestClosing(frame(SETTINGS)),
                        "conn:H3_FRAME_UNEXPECTED"),
                new Case("§7.2.6 GOAWAY on a request stream", requestClosing(get(), frame(GOAWAY, 0x00)),
                        "conn:H3_FRAME_UNEXPECTED"),
                new Case("§7.2.8 HTTP/2's PING frame type on a request stream", requestClosing(frame(0x06, 0x00)),
                        "conn:H3_FRAME_UNEXPECTED"),
                new Case("§4.1 DATA after the trailers",
                        requestClosing(postHead(), frame(HEADERS, section("x-t", "1")), frame(DATA, 'x')),
                        "conn:H3_FRAME_UNEXPECTED"),
                new Case("§4.1.2 a stream ending without HEADERS", request(new byte[0]), "reset:H3_REQUEST_INCOMPLETE"),
                new Case("control: §9 unknown frame type before HEADERS is ignored",
                        request(frame(0x21, 'z'), get()), "body:ok"),
                new Case("control: a request with its frames split at every byte", c -> {
                    byte[] all = get();
                    var first = c.open(QuicStreamType.BIDIRECTIONAL, java.util.Arrays.copyOf(all, 1), false);
                    for (int i = 1; i < all.length; i++) {
                        first.stream().writeAndFlush(io.netty.buffer.Unpooled.wrappedBuffer(all, i, 1)).sync();
                    }
                    first.stream().shutdownOutput().sync();
                    return first.result();
                }, "body:ok"));
    }

    private static List<Case> priorityUpdates() {
        byte[] longest = new byte[1024];
        longest[1] = 'u';
        return List.of(
                new Case("RFC 9218 §7.2 PRIORITY_UPDATE on a request stream",
                        requestClosing(get(), frame(PRIORITY_UPDATE, 0x00, 'u', '=', '1')), "conn:H3_FRAME_UNEXPECTED"),
                new Case("RFC 9218 §7.2 PRIORITY_UPDATE naming a unidirectional stream",
                        control(frame(PRIORITY_UPDATE, 0x02)), "conn:H3_ID_ERROR"),
                new Case("RFC 9218 §7.2 PRIORITY_UPDATE naming a server-initiated stream",
                        control(frame(PRIORITY_UPDATE, 0x01)), "conn:H3_ID_ERROR"),
                new Case("RFC 9218 §7.2 PRIORITY_UPDATE beyond the stream limit (256 + streams opened)",
                        control(frame(PRIORITY_UPDATE, H3Wire.varint(4 * 256))), "conn:H3_ID_ERROR"),
                new Case("RFC 9218 §7.2 PRIORITY_UPDATE for a push never promised",
                        control(frame(PRIORITY_UPDATE_PUSH, 0x00)), "conn:H3_ID_ERROR"),
                new Case("RFC 9218 §7.2 PRIORITY_UPDATE without an element id", control(frame(PRIORITY_UPDATE)),
                        "conn:H3_FRAME_ERROR"),
                new Case("RFC 9218 §7.2 PRIORITY_UPDATE id running past the frame end",
                        control(frame(PRIORITY_UPDATE, 0x40)), "conn:H3_FRAME_ERROR"),
                new Case("PRIORITY_UPDATE payload above 1,024 bytes", control(frame(PRIORITY_UPDATE, new byte[1025])),
                        "conn:H3_EXCESSIVE_LOAD"),
                new Case("control: RFC 9218 §7 PRIORITY_UPDATE for a stream not open yet",
                        thenGet(control(), frame(PRIORITY_UPDATE, 0x00, 'u', '=', '1')), "body:ok"),
                new Case("control: RFC 9218 §4 PRIORITY_UPDATE with a value that does not parse",
                        thenGet(control(), frame(PRIORITY_UPDATE, 0x00, 0xff, ',', '=', '?')), "body:ok"),
                new Case("control: PRIORITY_UPDATE for the last stream within the limit",
                        thenGet(control(), frame(PRIORITY_UPDATE, H3Wire.varint(4 * 255))), "body:ok"),
                new Case("control: PRIORITY_UPDATE payload of 1,024 bytes", thenGet(control(),
                        frame(PRIORITY_UPDATE, longest)), "body:ok"));
    }

    private static List<Case> qpack() {
        return List.of(
                new Case("RFC 9204 §4.5 field section ending inside an integer",
                        requestClosing(frame(HEADERS, 0x00, 0x00, 0xff)), "conn:QPACK_DECOMPRESSION_FAILED"),
                new Case("RFC 9204 §4.5.1 prefix ending inside its first integer",
                        requestClosing(frame(HEADERS, 0xff)), "conn:QPACK_DECOMPRESSION_FAILED"),
                new Case("RFC 9204 §4.5.6 string length running past the section",
                        requestClosing(frame(HEADERS, 0x00, 0x00, 0x23, 'a', 'b')), "conn:QPACK_DECOMPRESSION_FAILED"),
                new Case("RFC 9204 §4.5 empty HEADERS payload", requestClosing(frame(HEADERS)),
                        "conn:QPACK_DECOMPRESSION_FAILED"),
                new Case("RFC 9204 §4.5.2 static index beyond the table",
                        requestClosing(frame(HEADERS, 0x00, 0x00, 0xff, 0x40)), "conn:QPACK_DECOMPRESSION_FAILED"),
                new Case("RFC 9204 §4.5.1.1 a Required Insert Count with no dynamic table",
                        requestClosing(frame(HEADERS, 0x02, 0x00, 0x80)), "conn:QPACK_DECOMPRESSION_FAILED"),
                new Case("control: static-table indexed fields", request(frame(HEADERS, 0x00, 0x00, 0xd1, 0xd7, 0xc1,
                        0x50, 0x01, 'x')), "body:ok"));
    }

    private static List<Case> fields() {
        String malformed = "reset:H3_MESSAGE_ERROR";
        return List.of(
                new Case("§4.2 keep-alive field", request(get("keep-alive", "5")), malformed),
                new Case("§4.2 proxy-connection field", request(get("proxy-connection", "x")), malformed),
                new Case("§4.2 transfer-encoding field", request(get("transfer-encoding", "chunked")), malformed),
                new Case("§4.2 upgrade field", request(get("upgrade", "h2c")), malformed),
                new Case("§4.2 connection field", request(get("connection", "close")), malformed),
                new Case("§4.2 te other than trailers", request(get("te", "gzip")), malformed),
                new Case("§4.2 field name with a space", request(get("x y", "1")), malformed),
                new Case("§4.2 field name in upper case", request(get("X-Up", "1")), malformed),
                new Case("§4.2 field name with a colon inside", request(get("x:y", "1")), malformed),
                new Case("§4.2 value with 0x01", request(get("x-a", "a\u0001b")), malformed),
                new Case("§4.2 value with NUL", request(get("x-a", "a\u0000b")), malformed),
                new Case("§4.2 value with LF", request(get("x-a", "a\nb")), malformed),
                new Case("§4.2 value with a leading space", request(get("x-a", " a")), malformed),
                new Case("§4.3.1 empty :authority", request(frame(HEADERS, section(":method", "GET", ":scheme",
                        "https", ":authority", "", ":path", "/"))), malformed),
                new Case("§4.3.1 empty :path", request(frame(HEADERS, section(":method", "GET", ":scheme",
                        "https", ":authority", "x", ":path", ""))), malformed),
                new Case("§4.3.1 no :method", request(frame(HEADERS, section(":scheme", "https", ":authority", "x",
                        ":path", "/"))), malformed),
                new Case("§4.3 unknown pseudo-header field", request(get(":foo", "1")), malformed),
                new Case("§4.3 pseudo-header field after a regular one", request(frame(HEADERS, section(":method",
                        "GET", ":scheme", "https", "x-a", "1", ":authority", "x", ":path", "/"))), malformed),
                new Case("§4.3.1 :path twice", request(get(":path", "/")), malformed),
                new Case("§4.3.2 :status in a request", request(get(":status", "200")), malformed),
                new Case("control: obs-text and HTAB inside a value are accepted",
                        request(get("x-a", "a\tb\u00e9")), "body:ok"));
    }

    private static List<Case> bodies() {
        String malformed = "reset:H3_MESSAGE_ERROR";
        return List.of(
                new Case("§4.1.2 two content-length fields", request(postHead("content-length", "1",
                        "content-length", "2"), frame(DATA, 'x')), malformed),
                new Case("§4.1.2 content-length: 5x", request(postHead("content-length", "5x"), frame(DATA, 'x')),
                        malformed),
                new Case("§4.1.2 body longer than content-length", request(postHead("content-length", "1"),
                        frame(DATA, 'x', 'y')), malformed),
                new Case("§4.1.2 body shorter than content-length", request(postHead("content-length", "3"),
                        frame(DATA, 'x')), malformed),
                new Case("control: body in three DATA frames (one empty) and trailers",
                        request(postHead(), frame(DATA, 'a'), frame(DATA), frame(DATA, 'b', 'c'),
                                frame(HEADERS, section("x-t", "1"))), "body:n=3"));
    }

    // ---- probes ----

    private static byte[] postHead(String... extra) {
        return frame(HEADERS, section(concat(new String[] {":method", "POST", ":scheme", "https",
                ":authority", "localhost", ":path", "/"}, extra)));
    }

    /** A request stream carrying {@code parts}, then FIN: how the stream ended. */
    private static Probe request(byte[]... parts) {
        return c -> c.request(concat(parts)).result();
    }

    /** A request stream that must close the connection, with nothing answered on it. */
    private static Probe requestClosing(byte[]... parts) {
        return c -> {
            H3RawClient.Outcome o = c.request(concat(parts));
            String error = c.closeError();
            return "conn:" + error + (o.receivedBytes() > 0 ? " after an answer" : "");
        };
    }

    /** A control stream (type and SETTINGS first) carrying {@code frames}: the connection's error. */
    private static Probe control(byte[]... frames) {
        return c -> {
            c.control(concat(frames));
            return "conn:" + c.closeError();
        };
    }

    /** A unidirectional stream with {@code bytes}, ended if {@code fin}: the connection's error. */
    private static Probe uni(byte[] bytes, boolean fin) {
        return c -> {
            c.open(QuicStreamType.UNIDIRECTIONAL, bytes, fin);
            return "conn:" + c.closeError();
        };
    }

    /** How a stream is opened and written, without waiting for what the server does. */
    interface Opener {
        void open(H3RawClient c, byte[] bytes) throws Exception;
    }

    private static Opener control() {
        return H3RawClient::control;
    }

    private static Opener uni(boolean fin) {
        return (c, bytes) -> c.open(QuicStreamType.UNIDIRECTIONAL, bytes, fin);
    }

    /** Writes {@code bytes} with {@code opener}, then a GET on the same connection: how that request ended. */
    private static Probe thenGet(Opener opener, byte[] bytes) {
        return c -> {
            opener.open(c, bytes);
            return c.request(get()).result();
        };
    }
}
