package dev.pronto.client.http.internal.http3;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Backpressure of a streamed HTTP/3 body: the stream is read only while the subscriber asks for more. */
class H3BodyTest {
    private final EventLoop loop = new DefaultEventLoop();
    private final List<String> source = new ArrayList<>();
    private final List<ByteBuf> got = new ArrayList<>();
    private Flow.Subscription subscription;

    private final H3Body body = new H3Body(new H3Body.Source() {
        @Override
        public EventLoop eventLoop() {
            return loop;
        }

        @Override
        public void readMore() {
            source.add("read");
        }

        @Override
        public void cancelBody() {
            source.add("cancel");
        }
    }, new Flow.Subscriber<ByteBuf>() {
        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
        }

        @Override
        public void onNext(ByteBuf item) {
            got.add(item);
        }

        @Override
        public void onError(Throwable t) {
        }

        @Override
        public void onComplete() {
            source.add("complete");
        }
    });

    @AfterEach
    void stop() {
        got.forEach(ByteBuf::release);
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private void onLoop(Runnable r) throws Exception {
        CompletableFuture.runAsync(r, loop).get(5, TimeUnit.SECONDS);
    }

    @Test
    void withoutDemandPartsAreHeldAndTheStreamIsNotRead() throws Exception {
        onLoop(() -> {
            body.start();
            body.offer(Unpooled.copiedBuffer(new byte[10]));
        });
        assertThat(got).isEmpty();
        assertThat(source).isEmpty();
        subscription.request(1);
        onLoop(() -> { }); // the demand is counted on the loop, after the task request() queued
        assertThat(got).hasSize(1);
        assertThat(source).isEmpty(); // one part asked for, one delivered: nothing more is read
    }

    @Test
    void demandBeyondWhatIsHeldReadsTheStream() throws Exception {
        onLoop(body::start);
        subscription.request(2);
        onLoop(() -> body.offer(Unpooled.copiedBuffer(new byte[10])));
        assertThat(got).hasSize(1);
        assertThat(source).containsExactly("read", "read");
    }

    @Test
    void cancelReleasesHeldPartsAndStopsTheStream() throws Exception {
        ByteBuf part = Unpooled.copiedBuffer(new byte[10]);
        onLoop(() -> {
            body.start();
            body.offer(part);
        });
        subscription.cancel();
        onLoop(() -> { });
        assertThat(part.refCnt()).isZero();
        assertThat(source).containsExactly("cancel");
    }
}
