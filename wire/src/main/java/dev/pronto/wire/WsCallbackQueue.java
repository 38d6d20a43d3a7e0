package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs one WebSocket connection's handler callbacks, for either end: inline on the event loop, or, for
 * blocking handlers, one at a time in order on an executor's (virtual) threads. A backlog of more than
 * {@link #MAX_BACKLOG} callbacks stops reading the connection until it is half drained, so a slow
 * blocking handler bounds memory too. Borrowed buffers are retained for the hop and released after.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsCallbackQueue {
    /** The backlog above which reading stops. */
    public static final int MAX_BACKLOG = 32;

    /** The connection's side of the queue. */
    public interface Owner {
        /** Runs {@code task} on the connection's event loop. Any thread. */
        void onLoop(Runnable task);

        /** The handler fell behind: stop reading. Event loop. */
        void pauseReading();

        /** The handler caught up. Event loop. */
        void resumeReading();

        /** A callback threw {@code error}: report it, then close with 1011. Any thread. */
        void failed(Throwable error);
    }

    private final Owner owner;
    private final ExecutorService executor;
    private final ConcurrentLinkedQueue<Runnable> tasks;
    private final AtomicInteger pending = new AtomicInteger();
    private boolean paused;

    /** Callbacks inline when {@code executor} is null, else in order on it. */
    public WsCallbackQueue(Owner owner, ExecutorService executor) {
        this.owner = owner;
        this.executor = executor;
        this.tasks = executor == null ? null : new ConcurrentLinkedQueue<>();
    }

    /** Whether callbacks run inline on the event loop (buffers need no borrowing). */
    public boolean inline() {
        return executor == null;
    }

    /** Inline, the caller's buffer is valid for the call; on another thread it needs its own reference. */
    public ByteBuf borrow(ByteBuf data) {
        return executor == null ? data : data.retainedDuplicate();
    }

    /** Releases what {@link #borrow} took. */
    public void giveBack(ByteBuf held) {
        if (executor != null) {
            held.release();
        }
    }

    /**
     * Runs {@code callback} with {@code data} now (inline) or after those queued before it, on its own
     * reference to the bytes there, released once the callback returned. Event loop.
     */
    public void run(ByteBuf data, Consumer<ByteBuf> callback) {
        ByteBuf held = borrow(data);
        run(() -> {
            try {
                callback.accept(held);
            } finally {
                giveBack(held);
            }
        });
    }

    /** Runs {@code callback} now (inline) or after those queued before it. Event loop. */
    public void run(Runnable callback) {
        if (executor == null) {
            invoke(callback);
            return;
        }
        tasks.add(callback);
        int backlog = pending.incrementAndGet();
        if (backlog == 1) {
            start();
        } else if (backlog > MAX_BACKLOG && !paused) {
            paused = true;
            owner.pauseReading();
        }
    }

    /** Runs {@code callback} here, reporting what it throws to the owner. */
    public void invoke(Runnable callback) {
        try {
            callback.run();
        } catch (Throwable t) {
            owner.failed(t);
        }
    }

    private void start() {
        try {
            executor.execute(this::drain);
        } catch (RejectedExecutionException stopping) {
            // stopping: run what is queued here, so borrowed buffers are released
            drain();
        }
    }

    /** One thread at a time per connection runs the queued callbacks in order. */
    private void drain() {
        do {
            invoke(tasks.poll());
            if (pending.get() - 1 == MAX_BACKLOG / 2) {
                owner.onLoop(this::resumed);
            }
        } while (pending.decrementAndGet() > 0);
    }

    private void resumed() {
        if (paused) {
            paused = false;
            owner.resumeReading();
        }
    }
}
