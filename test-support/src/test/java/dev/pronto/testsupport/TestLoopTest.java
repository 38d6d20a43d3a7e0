package dev.pronto.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The loop and subscriber helpers of loop-confined body tests. */
class TestLoopTest {
    @Test
    void aTaskRunsOnTheLoopThread() {
        AtomicReference<Boolean> inLoop = new AtomicReference<>();
        try (TestLoop loop = new TestLoop()) {
            loop.run(() -> inLoop.set(loop.eventLoop().inEventLoop()));
        }
        assertThat(inLoop.get()).isTrue();
    }

    @Test
    void aFailingTaskFailsTheTestWithItsCause() {
        IllegalStateException failure = new IllegalStateException("boom");
        try (TestLoop loop = new TestLoop()) {
            assertThatThrownBy(() -> loop.run(() -> {
                throw failure;
            })).isInstanceOf(AssertionError.class).hasCause(failure);
        }
    }

    @Test
    void closingTheSubscriberReleasesTheKeptParts() {
        ByteBuf part = Unpooled.copiedBuffer(new byte[3]);
        try (PartsSubscriber subscriber = new PartsSubscriber()) {
            subscriber.onNext(part);
            subscriber.onComplete();
            assertThat(subscriber.ends()).containsExactly("complete");
        }
        assertThat(part.refCnt()).isZero();
    }
}
