package dev.pronto.core.internal;

import dev.pronto.core.BodyListener;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;

/**
 * A request body handed over as it arrives: to a {@link BodyListener} on the event loop, or to a
 * blocking reader through {@link #inputStream()}. Bytes queued for a reader are bounded: above the
 * high mark the connection stops reading, and it resumes once the reader has drained below the
 * low mark. The decoder (event loop) produces; one consumer reads.
 */
final class StreamingBody {
    private static final int HIGH = 256 * 1024;
    private static final int LOW = 64 * 1024;

    private final Exchange exchange;
    private final HttpConnection conn;
    private final ArrayDeque<ByteBuf> queue = new ArrayDeque<>();
    private BodyListener listener;
    private boolean consumerSet;
    private int queued;
    private boolean ended;
    private boolean abandoned;
    private Throwable failure;
    private boolean paused;

    StreamingBody(Exchange exchange) {
        this.exchange = exchange;
        this.conn = exchange.conn;
    }

    synchronized boolean finished() {
        return ended || failure != null;
    }

    /** Event loop: a chunk arrived; ownership moves here. */
    void offer(ByteBuf chunk) {
        BodyListener l;
        synchronized (this) {
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
                    conn.pauseBody();
                }
                notifyAll();
                return;
            }
        }
        deliver(l, chunk);
    }

    /** Event loop: the last byte arrived. */
    void end() {
        BodyListener l;
        synchronized (this) {
            ended = true;
            l = listener;
            notifyAll();
        }
        if (l != null) {
            finish(l);
        }
    }

    /** Event loop: the body cannot be completed (bad framing, closed connection). */
    synchronized void fail(Throwable t) {
        failure = t;
        notifyAll();
    }

    /** The exchange is done with the body: drop whatever is still queued. */
    synchronized void abandon() {
        abandoned = true;
        queue.forEach(ByteBuf::release);
        queue.clear();
        queued = 0;
        notifyAll();
    }

    void listen(BodyListener l) {
        ArrayDeque<ByteBuf> backlog;
        boolean done;
        synchronized (this) {
            claim();
            listener = l;
            backlog = new ArrayDeque<>(queue);
            queue.clear();
            queued = 0;
            done = ended;
        }
        Runnable drain = () -> {
            backlog.forEach(c -> deliver(l, c));
            if (done) {
                finish(l);
            }
            conn.resumeBody();
        };
        if (conn.eventLoop().inEventLoop()) {
            drain.run();
        } else {
            conn.eventLoop().execute(drain);
        }
    }

    InputStream inputStream() {
        synchronized (this) {
            claim();
        }
        if (conn.eventLoop().inEventLoop()) {
            throw new IllegalStateException("bodyStream() blocks: on a streaming route call it from a blocking handler "
                    + "(Handler.streaming(Handler.blocking(...))) or use req.onBody(...) on the event loop");
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
            conn.bodyConsumerFailed(exchange, t);
        } finally {
            chunk.release();
        }
    }

    private void finish(BodyListener l) {
        try {
            l.onEnd();
        } catch (Throwable t) {
            conn.bodyConsumerFailed(exchange, t);
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

        private ByteBuf take() throws IOException {
            synchronized (StreamingBody.this) {
                while (queue.isEmpty() && !ended && failure == null && !abandoned) {
                    try {
                        StreamingBody.this.wait();
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
                        conn.eventLoop().execute(conn::resumeBody);
                    }
                    return next;
                }
                if (failure != null) {
                    throw new IOException("request body failed: " + failure.getMessage(), failure);
                }
                return null;
            }
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
