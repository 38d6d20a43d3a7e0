package dev.pronto.jmh.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class SinkChannelTest {

    @Test
    void writtenBufferIsCountedAndReleased() {
        SinkChannel channel = new SinkChannel();
        ByteBuf out = Unpooled.directBuffer().writeBytes(new byte[] {1, 2, 3, 4, 5});
        channel.writeAndFlush(out);
        assertThat(channel.takeWritten()).isEqualTo(5);
        assertThat(out.refCnt()).isZero();
        assertThat(channel.outboundMessages()).isEmpty();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void takeWrittenStartsTheCountAgain() {
        SinkChannel channel = new SinkChannel();
        channel.writeAndFlush(Unpooled.directBuffer().writeBytes(new byte[] {1, 2, 3}));
        channel.takeWritten();
        assertThat(channel.takeWritten()).isZero();
        channel.finishAndReleaseAll();
    }

    @Test
    void exchangeCountsTheSameResponseBytesAsTheQueueingChannel() {
        try (Server server = Server.builder()
                .routes(r -> r.get("/plaintext", (req, res) -> res.send("Hello, World!")))
                .build()) {
            SinkChannel sink = new SinkChannel(server.channelInitializer());
            EmbeddedChannel queueing = new EmbeddedChannel(server.channelInitializer());
            int sunk = InMemoryExchange.exchange(sink, InMemoryExchange.PLAINTEXT);
            int queued = InMemoryExchange.exchange(queueing, InMemoryExchange.PLAINTEXT);
            assertThat(sunk).isEqualTo(queued).isGreaterThan("Hello, World!".length());
            sink.finishAndReleaseAll();
            queueing.finishAndReleaseAll();
        }
    }
}
