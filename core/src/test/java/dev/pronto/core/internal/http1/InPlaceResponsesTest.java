package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.ascii;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Routes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Responses of one read encoded straight into the read's shared output buffer: same bytes, same order, same counts. */
class InPlaceResponsesTest {
    private static final String BIG = "b".repeat(3000);
    private final List<Long> observedBytes = new CopyOnWriteArrayList<>();
    private final Consumer<Routes> routes = r -> r
            .onResponse((req, status, bytes, nanos) -> observedBytes.add(bytes))
            .get("/n/{i}", (req, res) -> res.send(req.param("i")))
            .get("/big", (req, res) -> res.send(BIG))
            .get("/empty", (req, res) -> res.status(204).send())
            .get("/later", (req, res) -> res.async().send("late"));
    private final EmbeddedChannel ch = TestChannels.server(routes);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    private static String head(String path) {
        return "HEAD " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    private static String withoutDates(String out) {
        return out.replaceAll("Date: [^\r]*\r\n", "");
    }

    @Test
    void smallPipelinedResponsesOfOneReadAllocateNoBufferEach() {
        AtomicInteger allocations = new AtomicInteger();
        ch.config().setAllocator(new AbstractByteBufAllocator(false) {
            @Override
            protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
                allocations.incrementAndGet();
                return new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity);
            }

            @Override
            protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
                allocations.incrementAndGet();
                return new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity);
            }

            @Override
            public boolean isDirectBufferPooled() {
                return false;
            }
        });
        StringBuilder requests = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            requests.append(get("/n/" + i));
        }

        ch.writeInbound(ascii(requests.toString()));
        String out = readAll(ch);

        assertThat(out.split("HTTP/1\\.1 200 OK")).hasSize(17);
        // the first response's own buffer, then the batch every later response is encoded into
        assertThat(allocations.get()).isLessThanOrEqualTo(2);
    }

    @Test
    void aMixedReadAnswersExactlyWhatOneRequestPerReadDoes() {
        List<String> requests = List.of(get("/n/1"), get("/big"), head("/n/22"), get("/empty"), get("/later"),
                get("/n/333"), get("/missing"), get("/n/4"));
        StringBuilder oneByOne = new StringBuilder();
        for (String request : requests) {
            ch.writeInbound(ascii(request));
            oneByOne.append(readAll(ch));
        }

        EmbeddedChannel pipelined = TestChannels.server(routes);
        try {
            pipelined.writeInbound(ascii(String.join("", requests)));
            assertThat(withoutDates(readAll(pipelined))).isEqualTo(withoutDates(oneByOne.toString()));
        } finally {
            pipelined.finishAndReleaseAll();
        }
    }

    @Test
    void responseHooksSeeTheBytesOfTheirOwnResponse() {
        ch.writeInbound(ascii(get("/n/1") + get("/n/22") + get("/big") + get("/n/333")));
        String out = readAll(ch);

        List<String> responses = List.of(out.split("(?=HTTP/1\\.1 )"));
        assertThat(observedBytes).containsExactly(responses.stream().map(r -> (long) r.length()).toArray(Long[]::new));
    }
}
