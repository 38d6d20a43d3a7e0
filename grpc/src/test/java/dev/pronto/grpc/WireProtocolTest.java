package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Hand-made gRPC requests over a real h2c socket: what a stub would never send. */
class WireProtocolTest {
    private static final Map<String, String> GRPC = Map.of("content-type", "application/grpc", "te", "trailers");
    private static final String EMPTY_CALL = "/grpc.testing.TestService/EmptyCall";
    /** One empty message: flag 0, length 0. */
    private static final String EMPTY_MESSAGE = "\0\0\0\0\0";

    private static Server server;

    @BeforeAll
    static void start() {
        server = Wire.H2C.start(r -> r.register(Grpc.services(new InteropService())));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RawH2c.Answer call(String path, Map<String, String> headers, String body) throws Exception {
        return RawH2c.post(server.port(), path, headers, body.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    /** The status the call ended with, from the trailers (or the headers of a trailers-only answer). */
    private static String grpcStatus(RawH2c.Answer a) {
        return a.trailers().getOrDefault("grpc-status", a.headers().get("grpc-status"));
    }

    private static Map<String, String> with(String name, String value) {
        java.util.Map<String, String> m = new java.util.HashMap<>(GRPC);
        m.put(name, value);
        return m;
    }

    @Test
    void anEmptyMessageCallSucceeds() throws Exception {
        RawH2c.Answer r = call(EMPTY_CALL, GRPC, EMPTY_MESSAGE);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.headers().get("content-type")).isEqualTo("application/grpc");
        assertThat(grpcStatus(r)).isEqualTo("0");
        assertThat(r.body()).containsExactly(0, 0, 0, 0, 0);
    }

    @Test
    void aUnaryReplyHasNoContentLength() throws Exception {
        // clients that stop reading at the length (curl) would miss grpc-status in the trailers
        assertThat(call(EMPTY_CALL, GRPC, EMPTY_MESSAGE).headers()).doesNotContainKey("content-length");
    }

    @Test
    void anExpiredGrpcTimeoutIsDeadlineExceeded() throws Exception {
        assertThat(grpcStatus(call(EMPTY_CALL, with("grpc-timeout", "1n"), EMPTY_MESSAGE))).isEqualTo("4");
    }

    @Test
    void aLengthPrefixOverFourMebibytesIsResourceExhaustedBeforeThePayload() throws Exception {
        // flag 0, length 0x00400001 = 4 MiB + 1; no payload needed for the answer
        assertThat(grpcStatus(call(EMPTY_CALL, GRPC, "\0\0\u0040\0\u0001"))).isEqualTo("8");
    }

    @Test
    void reservedFrameFlagsAreInternal() throws Exception {
        assertThat(grpcStatus(call(EMPTY_CALL, GRPC, "\u0002\0\0\0\0"))).isEqualTo("13");
    }

    @Test
    void aBodyEndingInsideAMessageIsInternal() throws Exception {
        assertThat(grpcStatus(call(EMPTY_CALL, GRPC, "\0\0\0\0\u0005ab"))).isEqualTo("13");
    }

    @Test
    void aCompressedMessageWithoutEncodingIsInternal() throws Exception {
        assertThat(grpcStatus(call(EMPTY_CALL, GRPC, "\u0001\0\0\0\0"))).isEqualTo("13");
    }

    @Test
    void anUnknownEncodingIsUnimplemented() throws Exception {
        assertThat(grpcStatus(call(EMPTY_CALL, with("grpc-encoding", "snappy"), EMPTY_MESSAGE)))
                .isEqualTo("12");
    }

    @Test
    void anUnknownEncodingIsAnsweredWithTheAcceptedOnes() throws Exception {
        RawH2c.Answer r = call(EMPTY_CALL, with("grpc-encoding", "snappy"), EMPTY_MESSAGE);
        assertThat(r.headers().get("grpc-accept-encoding")).isEqualTo("gzip,identity");
    }

    @Test
    void aMessageThatIsNotProtobufIsInternal() throws Exception {
        assertThat(grpcStatus(call(EMPTY_CALL, GRPC, "\0\0\0\0\u0002\u00ff\u00ff"))).isEqualTo("13");
    }

    @Test
    void anUnknownServiceIsUnimplemented() throws Exception {
        RawH2c.Answer r = call("/no.Such/Method", GRPC, EMPTY_MESSAGE);
        assertThat(grpcStatus(r)).isEqualTo("12");
    }

    @Test
    void aNonGrpcRequestToAnUnknownPathIsStill404() throws Exception {
        assertThat(call("/no.Such/Method", Map.of(), "x").status()).isEqualTo(404);
    }

    @Test
    void aNonGrpcContentTypeIs415() throws Exception {
        assertThat(call(EMPTY_CALL, Map.of("content-type", "application/json"), "{}").status()).isEqualTo(415);
    }
}
