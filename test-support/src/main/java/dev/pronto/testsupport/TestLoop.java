package dev.pronto.testsupport;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One event loop thread for a test of loop-confined code: run a task on it and wait for it, or wait until
 * every task queued before now has run. Open per test, close after it; {@link #run} from any thread but
 * the loop's own.
 */
public final class TestLoop implements AutoCloseable {
    private final EventLoop loop = new DefaultEventLoop();

    /** The loop the code under test is confined to. */
    public EventLoop eventLoop() {
        return loop;
    }

    /**
     * Runs {@code task} on the loop and waits up to {@link Await#DEFAULT} for it: every task queued on the
     * loop before this call has run too when it returns.
     *
     * @throws AssertionError when the task throws (as its cause), does not end in time, or the wait is interrupted
     */
    public void run(Runnable task) {
        try {
            CompletableFuture.runAsync(task, loop).get(Await.DEFAULT.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("the task failed on the loop", e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("the task did not end within " + Await.DEFAULT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for the loop", e);
        }
    }

    /** Waits until every task queued on the loop before this call has run, as {@link #run} does. */
    public void drain() {
        run(() -> { });
    }

    /** Shuts the loop down at once and waits for its thread to end. */
    @Override
    public void close() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
