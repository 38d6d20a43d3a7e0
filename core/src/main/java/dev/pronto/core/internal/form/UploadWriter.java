package dev.pronto.core.internal.form;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Writes one request's upload files off the event loop, on a virtual thread started when work arrives
 * and ending when none is left, so files of one request are written in arrival order and never by two
 * threads. Bytes queued for it are bounded: above {@link #HIGH} the body stops being read, and it is read
 * again once the writer is below {@link #LOW}; both decisions are taken on the event loop, so a pause and
 * a resume can never cross.
 */
final class UploadWriter {
    static final int HIGH = 1024 * 1024;
    static final int LOW = 256 * 1024;

    private final Executor loop;
    /** Stops and resumes reading the body; null when the body is already in memory. */
    private final MultipartCollector.Gate gate;
    private final ConcurrentLinkedQueue<Runnable> ops = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicLong queued = new AtomicLong();
    /** The request is over: queued bytes are dropped instead of written. */
    private volatile boolean discarded;
    private volatile IOException failure;
    /** Reading is stopped by this writer; event loop only. */
    private boolean paused;

    UploadWriter(Executor loop, MultipartCollector.Gate gate) {
        this.loop = loop;
        this.gate = gate;
    }

    /** Event loop: moves {@code upload} to a temporary file. */
    void spill(Upload upload) {
        submit(guarded(upload::spill));
    }

    /** Event loop: appends {@code data} (retained here) to {@code upload}'s file. */
    void write(Upload upload, ByteBuf data) {
        int n = data.readableBytes();
        ByteBuf held = data.retain();
        long now = queued.addAndGet(n);
        Runnable step = guarded(() -> upload.write(held));
        submit(() -> {
            try {
                step.run();
            } finally {
                held.release();
                long left = queued.addAndGet(-n);
                if (left < LOW && left + n >= LOW) {
                    loop.execute(this::maybeResume);
                }
            }
        });
        if (now > HIGH && !paused && gate != null) {
            paused = true;
            gate.pause();
        }
    }

    /** Event loop: closes {@code upload}'s file after its last bytes. */
    void close(Upload upload) {
        submit(guarded(upload::closeFile));
    }

    /** Event loop: runs {@code then} on the event loop once everything before it is on disk, with the first failure or null. */
    void then(Consumer<IOException> then) {
        submit(() -> loop.execute(() -> then.accept(failure)));
    }

    /** Any thread: the request is over; pending writes are dropped and every file of {@code uploads} deleted. */
    void discard(List<Upload> uploads) {
        discarded = true;
        submit(() -> uploads.forEach(Upload::delete));
    }

    private void maybeResume() {
        if (paused && queued.get() < LOW) {
            paused = false;
            gate.resume();
        }
    }

    /** {@code step}, skipped once the request is over or a write failed; its failure is kept for {@link #then}. */
    private Runnable guarded(IoStep step) {
        return () -> {
            if (discarded || failure != null) {
                return;
            }
            try {
                step.run();
            } catch (IOException e) {
                failure = e;
            }
        };
    }

    private void submit(Runnable op) {
        ops.add(op);
        if (running.compareAndSet(false, true)) {
            Thread.ofVirtual().name("pronto-upload-writer").start(this::drain);
        }
    }

    private void drain() {
        do {
            Runnable op;
            while ((op = ops.poll()) != null) {
                try {
                    op.run();
                } catch (RuntimeException e) {
                    // the loop stopped under a late step (server stop), or a bug: later steps (deletes) still run
                    failure = failure != null ? failure : new IOException(e);
                }
            }
            running.set(false);
        } while (!ops.isEmpty() && running.compareAndSet(false, true));
    }

    /** One step of the writer; may fail with the disk. */
    @FunctionalInterface
    interface IoStep {
        void run() throws IOException;
    }
}
