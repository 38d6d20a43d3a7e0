package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerInitializer;
import io.netty.channel.DefaultEventLoop;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The one place exchanges are obtained, held, finished and recycled, for every carrier. */
class ExchangePoolTest {
    private final ServerContext server = ((ServerInitializer) Server.builder()
            .routes(r -> r.get("/", (req, res) -> res.send())).build().channelInitializer()).context();
    private final AtomicInteger slotsMade = new AtomicInteger();
    private final AtomicInteger slotsCleared = new AtomicInteger();
    private final ExchangePool pool = new ExchangePool(null, server, 1, () -> {
        slotsMade.incrementAndGet();
        return slotsCleared::incrementAndGet;
    });
    private final DefaultEventLoop loop = new DefaultEventLoop();

    @AfterEach
    void stopLoop() {
        loop.shutdownGracefully(0, 0, TimeUnit.SECONDS);
    }

    @Test
    void aFinishedExchangeIsTheNextOneObtained() {
        Exchange e = pool.obtain();
        pool.finish(e);

        assertThat(pool.obtain()).isSameAs(e);
        assertThat(slotsMade).hasValue(1);
        assertThat(slotsCleared).hasValue(1);
    }

    @Test
    void anExchangeStillHeldIsRecycledOnlyWhenLetGo() {
        Exchange e = pool.obtain();
        ExchangePool.hold(e);
        pool.finish(e);

        assertThat(pool.obtain()).isNotSameAs(e);
        pool.release(e);
        assertThat(pool.obtain()).isSameAs(e);
    }

    @Test
    void sparesAreBounded() {
        Exchange a = pool.obtain();
        Exchange b = pool.obtain();
        pool.finish(a);
        pool.finish(b);

        assertThat(pool.obtain()).isSameAs(a);
        assertThat(pool.obtain()).isNotSameAs(b);
    }

    @Test
    void afterCloseAnAbortedExchangeIsFreedNotRecycled() {
        Exchange e = pool.obtain();
        int generation = ExchangeState.generation(e.stamp());
        pool.close();

        pool.abandon(e);

        assertThat(e.state()).isEqualTo(ExchangeState.ABORTED);
        assertThat(ExchangeState.generation(e.stamp())).isEqualTo(generation);
        assertThat(slotsCleared).hasValue(1);
        assertThat(pool.obtain()).isNotSameAs(e);
    }

    @Test
    void aReleaseFromAnotherThreadRecyclesOnTheLoop() throws Exception {
        CompletableFuture<Boolean> clearedOnLoop = new CompletableFuture<>();
        ExchangePool onLoop = new ExchangePool(null, server, 1, () -> () -> clearedOnLoop.complete(loop.inEventLoop()));
        Exchange e = loop.submit(onLoop::obtain).get(5, TimeUnit.SECONDS);
        loop.submit(() -> {
            ExchangePool.hold(e);
            onLoop.finish(e);
        }).get(5, TimeUnit.SECONDS);

        onLoop.releaseOn(e, loop);

        assertThat(clearedOnLoop.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aReleaseOnTheLoopRecyclesBeforeItReturns() throws Exception {
        boolean recycled = loop.submit(() -> {
            Exchange e = pool.obtain();
            ExchangePool.hold(e);
            pool.finish(e);
            pool.releaseOn(e, loop);
            return pool.obtain() == e;
        }).get(5, TimeUnit.SECONDS);

        assertThat(recycled).isTrue();
    }

    @Test
    void anAbortFromAnotherThreadRunsTheProtocolAbortOnTheLoop() throws Exception {
        Exchange e = pool.obtain();
        CompletableFuture<Boolean> abortedOnLoop = new CompletableFuture<>();

        ExchangePool.abortOn(e, loop, x -> abortedOnLoop.complete(x == e && loop.inEventLoop()));

        assertThat(abortedOnLoop.get(5, TimeUnit.SECONDS)).isTrue();
    }
}
