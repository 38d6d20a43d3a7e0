package dev.pronto.client.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.PartsSubscriber;
import dev.pronto.testsupport.TestLoop;
import io.netty.channel.EventLoop;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** A finished body subscription leaves its source alone: the connection may carry the next response. */
class ResponseStreamTest {
    @AutoClose
    private final TestLoop loop = new TestLoop();
    private final List<String> source = new CopyOnWriteArrayList<>();
    @AutoClose
    private final PartsSubscriber subscriber = new PartsSubscriber();

    private final ResponseStream stream = new ResponseStream(new ResponseStream.Source() {
        @Override
        public EventLoop eventLoop() {
            return loop.eventLoop();
        }

        @Override
        public void resumeStream() {
            source.add("resume");
        }

        @Override
        public void cancelStream() {
            source.add("cancel");
        }
    }, subscriber);

    @Test
    void requestsAfterTheBodyCompletedNeitherResumeNorCancelTheSource() {
        loop.run(() -> {
            stream.start();
            stream.complete();
        });
        subscriber.subscription().request(1);
        subscriber.subscription().request(0);
        loop.drain(); // the requests run on the loop, after the tasks they queued
        assertThat(source).isEmpty();
    }
}
