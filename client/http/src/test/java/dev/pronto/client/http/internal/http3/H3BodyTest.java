package dev.pronto.client.http.internal.http3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.PartsSubscriber;
import dev.pronto.testsupport.TestLoop;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Backpressure of a streamed HTTP/3 body: the stream is read only while the subscriber asks for more. */
class H3BodyTest {
    @AutoClose
    private final TestLoop loop = new TestLoop();
    private final List<String> source = new CopyOnWriteArrayList<>();
    @AutoClose
    private final PartsSubscriber subscriber = new PartsSubscriber();

    private final H3Body body = new H3Body(new H3Body.Source() {
        @Override
        public EventLoop eventLoop() {
            return loop.eventLoop();
        }

        @Override
        public void readMore() {
            source.add("read");
        }

        @Override
        public void cancelBody() {
            source.add("cancel");
        }
    }, subscriber);

    @Test
    void withoutDemandPartsAreHeldAndTheStreamIsNotRead() {
        loop.run(() -> {
            body.start();
            body.offer(Unpooled.copiedBuffer(new byte[10]));
        });
        assertThat(subscriber.parts()).isEmpty();
        assertThat(source).isEmpty();
        subscriber.subscription().request(1);
        loop.drain(); // the demand is counted on the loop, after the task request() queued
        assertThat(subscriber.parts()).hasSize(1);
        assertThat(source).isEmpty(); // one part asked for, one delivered: nothing more is read
    }

    @Test
    void demandBeyondWhatIsHeldReadsTheStream() {
        loop.run(body::start);
        subscriber.subscription().request(2);
        loop.run(() -> body.offer(Unpooled.copiedBuffer(new byte[10])));
        assertThat(subscriber.parts()).hasSize(1);
        assertThat(source).containsExactly("read", "read");
    }

    @Test
    void cancelReleasesHeldPartsAndStopsTheStream() {
        ByteBuf part = Unpooled.copiedBuffer(new byte[10]);
        loop.run(() -> {
            body.start();
            body.offer(part);
        });
        subscriber.subscription().cancel();
        loop.drain();
        assertThat(part.refCnt()).isZero();
        assertThat(source).containsExactly("cancel");
    }
}
