package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.JsonCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A generated contract client's calls ({@link ContractClient}) run over {@link Http3Client} as over the others. */
class Http3ContractTest {
    private static H3TestServer server;
    private static Http3Client h3;
    private static ContractClient contract;

    @BeforeAll
    static void start() throws InterruptedException {
        server = new H3TestServer(Http3ContractTest::route, 100);
        h3 = Http3Client.create(Http3ClientTest.config().build());
        contract = ContractClient.of(h3, server.url(""), new IntCodec(), ContractConfig.defaults());
    }

    @AfterAll
    static void stop() {
        h3.close();
        server.close();
    }

    private static void route(Http3Headers head, ByteBuf body, QuicStreamChannel ch) {
        boolean doubling = head.path().toString().equals("/double");
        String text = doubling ? String.valueOf(2 * Integer.parseInt(body.toString(StandardCharsets.UTF_8)))
                : "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,"
                        + "\"errors\":[{\"field\":\"query.limit\",\"message\":\"must be at most 50\"}]}";
        ch.write(new DefaultHttp3HeadersFrame(new DefaultHttp3Headers().status(doubling ? "200" : "400")
                .add("content-type", doubling ? "application/json" : "application/problem+json")));
        ch.writeAndFlush(new DefaultHttp3DataFrame(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8)))
                .addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
    }

    @Test
    void jsonBodyIsSentAndTheAnswerDecoded() {
        ClientRequest.Builder request = contract.request("POST", contract.uri().append("/double"));
        ByteBuf body = contract.body(request, 21);

        assertThat(contract.callBlocking(request, body, Integer.class)).isEqualTo(42);
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void problemJsonBecomesAProblemException() {
        ClientRequest.Builder request = contract.request("GET", contract.uri().append("/invalid"));

        assertThatThrownBy(() -> contract.callBlocking(request, null, String.class))
                .isInstanceOfSatisfying(ProblemException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.errors()).containsExactly(new ProblemException.FieldError("query.limit", "must be at most 50"));
                });
    }

    /** Integers as JSON numbers. */
    private static final class IntCodec implements JsonCodec {
        @Override
        public void write(Object value, ByteBuf out) {
            out.writeCharSequence(String.valueOf(value), StandardCharsets.UTF_8);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T read(ByteBuf body, Class<T> type) {
            return (T) Integer.valueOf(body.toString(StandardCharsets.UTF_8).trim());
        }

        @Override
        public Object read(ByteBuf body, Type type) {
            return read(body, Integer.class);
        }

        @Override
        public void verify(Class<?> type) {
        }
    }
}
