package dev.pronto.core.internal.exchange;

import dev.pronto.core.BodyListener;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A request body handed over as it arrives: to a {@link BodyListener} on the event loop, or to a
 * blocking reader through {@link #inputStream()}. Bytes queued for a reader are bounded: above the
 * high mark the carrier stops reading, and it resumes once the reader has drained below the low
 * mark. The decoder (event loop) produces; one consumer reads. A {@link ReentrantLock} rather than
 * {@code synchronized}, so a virtual thread waiting for bytes never pins its carrier thread.
 */
public final class StreamingBody {
    private static final int HIGH = 256 * 1024;
    private static final int LOW = 64 * 1024;

    private final Exchange exchange;
    private final Carrier carrier;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<ByteBuf> queue = new ArrayDeque<>();
    private BodyListener listener;
    private boolean consumerSet;
    private int queued;
    private boolean ended;
    private boolean abandoned;
    private Throwable failure;
    private boolean paused;
    /** Bytes offered so far; event loop only. */
    private long received;
    /** The listener asked to stop reading ({@code Request.pauseBody}); event loop only. */
    private boolean consumerPaused;

    public StreamingBody(Exchange exchange) {
        this.exchange = exchange;
        this.carrier = exchange.carrier;
    }

    public boolean finished() {
        lock.lock();
        try {
            return ended || failure != null;
        } finally {
            lock.unlock();
        }
    }

    /** Event loop: the bytes offered so far, for {@code maxBodySize} and {@code minBodyRate}. */
    public long received() {
        return received;
    }

    /** Event loop: a chunk arrived; ownership moves here. */
    public void offer(ByteBuf chunk) {
        received += chunk.readableBytes();
        BodyListener l;
        lock.lock();
        try {
            if (abandoned) {
                chunk.release();
                return;
            }
            l = listener;
            if (l == null) {
                queue.add(chunk);
                queued += chunk.readableBytes();
                if (queued > HIGH && !paused) {
                    paused = true;
                    carrier.pauseBody();
                }
                changed.signalAll();
                return;
            }
        } finally {
            lock.unlock();
        }
        deliver(l, chunk);
    }

    /** Event loop: the last byte arrived. */
    public void end() {
        BodyListener l;
        lock.lock();
        try {
            ended = true;
            l = listener;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (l != null) {
            finish(l);
        }
    }

    /** Event loop: the body cannot be completed (bad framing, closed connection, timeout). */
    public void fail(Throwable t) {
        BodyListener l;
        lock.lock();
        try {
            if (ended || failure != null) {
                return;
            }
            failure = t;
            l = listener;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (l != null) {
            try {
                l.onError(t);
            } catch (RuntimeException ignored) {
                // the exchange is already failing; its answer (or close) is under way
            }
        }
    }

    /** The exchange is done with the body: drop whatever is still queued. */
    public void abandon() {
        lock.lock();
        try {
            abandoned = true;
            queue.forEach(ByteBuf::release);
            queue.clear();
            queued = 0;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    void listen(BodyListener l) {
        lock.lock();
        try {
            claim();
        } finally {
            lock.unlock();
        }
        // attached on the loop: from another thread, chunks offered before the backlog is delivered would
        // otherwise overtake it
        onLoop(() -> attach(l));
    }

    private void attach(BodyListener l) {
        ArrayDeque<ByteBuf> backlog;
        boolean done;
        Throwable failed;
        lock.lock();
        try {
            listener = l;
            // the common listener registers from its handler on the event loop, before any chunk: no copy then
            backlog = queue.isEmpty() ? null : new ArrayDeque<>(queue);
            queue.clear();
            queued = 0;
            paused = false;
            done = ended;
            failed = failure;
        } finally {
            lock.unlock();
        }
        if (failed != null) {
            if (backlog != null) {
                backlog.forEach(ByteBuf::release);
            }
            try {
                l.onError(failed);
            } catch (RuntimeException ignored) {
                // the exchange is already failing; its answer (or close) is under way
            }
            return;
        }
        drainBacklog(l, backlog, done);
    }

    private void drainBacklog(BodyListener l, ArrayDeque<ByteBuf> backlog, boolean done) {
        if (backlog != null) {
            backlog.forEach(c -> deliver(l, c));
        }
        if (done) {
            finish(l);
        }
        if (!consumerPaused) {
            carrier.resumeBody();
        }
    }

    /** Any thread: the listener cannot take more now; inline on the loop, so it holds from the next chunk. */
    void pauseByConsumer() {
        onLoop(() -> {
            if (!consumerPaused) {
                consumerPaused = true;
                carrier.pauseBody();
            }
        });
    }

    /** Any thread: the listener can take more again. */
    void resumeByConsumer() {
        onLoop(() -> {
            if (consumerPaused) {
                consumerPaused = false;
                carrier.resumeBody();
            }
        });
    }

    private void onLoop(Runnable task) {
        if (carrier.eventLoop().inEventLoop()) {
            task.run();
        } else {
            carrier.eventLoop().execute(task);
        }
    }

    InputStream inputStream() {
        lock.lock();
        try {
            claim();
        } finally {
            lock.unlock();
        }
        if (carrier.eventLoop().inEventLoop()) {
            throw new IllegalStateException("bodyStream() blocks: on a streaming route call it from a blocking route "
                    + "(RouteOptions.blocking().streamingBody()) or use req.onBody(...) on the event loop");
        }
        return new Reader();
    }

    private void claim() {
        if (consumerSet) {
            throw new IllegalStateException("the streamed body already has a consumer");
        }
        consumerSet = true;
    }

    private void deliver(BodyListener l, ByteBuf chunk) {
        try {
            l.onChunk(chunk);
        } catch (Throwable t) {
            abandon();
            consumerFailed(t);
        } finally {
            chunk.release();
        }
    }

    private void finish(BodyListener l) {
        try {
            l.onEnd();
        } catch (Throwable t) {
            consumerFailed(t);
        }
    }

    private void consumerFailed(Throwable t) {
        exchange.closeAfter = true;
        Errors.handle(exchange.handle, t);
    }

    /** Takes the next chunk for the blocking reader; null at the end. */
    private ByteBuf take() throws IOException {
        lock.lock();
        try {
            while (queue.isEmpty() && !ended && failure == null && !abandoned) {
                try {
                    changed.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while waiting for the request body");
                }
            }
            ByteBuf next = queue.poll();
            if (next != null) {
                queued -= next.readableBytes();
                if (paused && queued < LOW) {
                    paused = false;
                    carrier.eventLoop().execute(carrier::resumeBody);
                }
                return next;
            }
            if (failure != null) {
                throw new IOException("request body failed: " + failure.getMessage(), failure);
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** Blocking reader for virtual threads. */
    private final class Reader extends InputStream {
        private ByteBuf current;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (current == null && (current = take()) == null) {
                return -1;
            }
            int n = Math.min(len, current.readableBytes());
            current.readBytes(b, off, n);
            if (!current.isReadable()) {
                current.release();
                current = null;
            }
            return n;
        }

        @Override
        public void close() {
            if (current != null) {
                current.release();
                current = null;
            }
        }
    }
}
