package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.internal.server.ServerInitializer;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code Response.onCancel}'s action belongs to one generation of a pooled exchange: run once if that generation is
 * aborted, never by the request that reuses the exchange, even when it is registered after the recycling (a thread
 * that checked its handle just before the event loop recycled it).
 */
class CancelSlotTest {
    private final ExchangePool pool = new ExchangePool(null, ((ServerInitializer) Server.builder()
            .routes(r -> r.get("/", (req, res) -> res.send())).build().channelInitializer()).context(), 1,
            () -> () -> { });
    private final AtomicInteger stale = new AtomicInteger();
    private final AtomicInteger current = new AtomicInteger();

    private static int generation(Exchange e) {
        return ExchangeState.generation(e.stamp());
    }

    /** The generation the last {@link #nextRequest} recycled. */
    private int old;

    /** The exchange after its current generation was finished and recycled: the next request's. */
    private Exchange nextRequest() {
        Exchange e = pool.obtain();
        old = generation(e);
        pool.finish(e);
        Exchange next = pool.obtain();
        assertThat(next).isSameAs(e);
        return next;
    }

    @Test
    void anAbortRunsItsGenerationsActionOnce() {
        Exchange e = pool.obtain();
        e.onCancel(generation(e), current::incrementAndGet);

        e.abort();
        e.abort();

        assertThat(current).hasValue(1);
    }

    @Test
    void anActionRegisteredOnAnAbortedGenerationRunsAtOnce() {
        Exchange e = pool.obtain();
        e.abort();

        e.onCancel(generation(e), current::incrementAndGet);

        assertThat(current).hasValue(1);
    }

    @Test
    void aRegistrationArrivingAfterItsGenerationWasRecycledIsNotRunByTheNextOne() {
        Exchange next = nextRequest();

        next.onCancel(old, stale::incrementAndGet);
        next.abort();

        assertThat(stale).hasValue(0);
    }

    @Test
    void aLateRegistrationLeavesTheNextGenerationsActionInPlace() {
        Exchange next = nextRequest();
        next.onCancel(generation(next), current::incrementAndGet);

        next.onCancel(old, stale::incrementAndGet);
        next.abort();

        assertThat(current).hasValue(1);
        assertThat(stale).hasValue(0);
    }

    @Test
    void aDeadlineTakesOnlyTheCurrentGenerationsAction() {
        Exchange next = nextRequest();

        next.onCancel(old, stale::incrementAndGet);

        assertThat(next.takeCancel()).isNull();
    }
}
