package dev.pronto.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AwaitTest {
    @Test
    void aConditionThatHoldsReturnsAtOnce() {
        AtomicInteger checks = new AtomicInteger();

        Await.until("true", () -> checks.incrementAndGet() > 0);

        assertThat(checks).hasValue(1);
    }

    @Test
    void aConditionAnotherThreadMakesTrueIsWaitedFor() throws InterruptedException {
        CountDownLatch released = new CountDownLatch(1);
        Thread other = Thread.ofPlatform().start(() -> {
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        released.countDown();
        Await.until("the other thread ends", () -> !other.isAlive());

        assertThat(other.isAlive()).isFalse();
    }

    @Test
    void aConditionThatNeverHoldsFailsNamingIt() {
        assertThatThrownBy(() -> Await.until("the moon is cheese", Duration.ofMillis(20), () -> false))
                .isInstanceOf(AssertionError.class).hasMessage("not within PT0.02S: the moon is cheese");
    }

    @Test
    void withinSaysWhetherItHeld() {
        assertThat(Await.within(Duration.ofMillis(20), () -> false)).isFalse();
        assertThat(Await.within(Duration.ofMillis(20), () -> true)).isTrue();
    }
}
