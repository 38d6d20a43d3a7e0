package dev.pronto.client.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A finished body subscription leaves its source alone: the connection may carry the next response. */
class ResponseStreamTest {
    private final EventLoop loop = new DefaultEventLoop();
    private final List<String> source = new CopyOnWriteArrayList<>();
    private Flow.Subscription subscription;

    private final ResponseStream stream = new ResponseStream(new ResponseStream.Source() {
        @Override
        public EventLoop eventLoop() {
            return loop;
        }

        @Override
        public void resumeStream() {
            source.add("resume");
        }

        @Override
        public void cancelStream() {
            source.add("cancel");
        }
    }, new Flow.Subscriber<ByteBuf>() {
        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
        }

        @Override
        public void onNext(ByteBuf item) {
            item.release();
        }

        @Override
        public void onError(Throwable t) {
        }

        @Override
        public void onComplete() {
        }
    });

    @AfterEach
    void stop() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private void onLoop(Runnable r) throws Exception {
        CompletableFuture.runAsync(r, loop).get(5, TimeUnit.SECONDS);
    }

    @Test
    void requestsAfterTheBodyCompletedNeitherResumeNorCancelTheSource() throws Exception {
        onLoop(() -> {
            stream.start();
            stream.complete();
        });
        subscription.request(1);
        subscription.request(0);
        onLoop(() -> { }); // the requests run on the loop, after the tasks they queued
        assertThat(source).isEmpty();
    }
}
