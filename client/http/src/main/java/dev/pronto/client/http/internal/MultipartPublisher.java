package dev.pronto.client.http.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Publishes a multipart body segment by segment: texts as they are, files in 64 KiB reads on a virtual thread
 * (never on the event loop that asks for more), as many buffers as the subscriber requested. One subscription
 * per send; each reads its files afresh.
 */
public final class MultipartPublisher implements Flow.Publisher<ByteBuf> {
    private static final int READ = 64 * 1024;
    private final List<Segment> segments;

    /** A publisher of {@code segments}, in order. */
    public MultipartPublisher(List<Segment> segments) {
        this.segments = segments;
    }

    /**
     * Text to send as UTF-8, or a file to read.
     *
     * @param text the text, or null
     * @param file the file, or null
     */
    public record Segment(String text, Path file) {
        /** A text segment. */
        public static Segment text(String text) {
            return new Segment(text, null);
        }

        /** A file segment, read when published. */
        public static Segment file(Path file) {
            return new Segment(null, file);
        }
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuf> subscriber) {
        subscriber.onSubscribe(new Pump(subscriber));
    }

    /** Emits on a virtual thread while demand lasts; one thread at a time, so signals stay serial. */
    private final class Pump implements Flow.Subscription {
        private final Flow.Subscriber<? super ByteBuf> subscriber;
        private final AtomicLong demand = new AtomicLong();
        private final AtomicBoolean running = new AtomicBoolean();
        private volatile boolean cancelled;
        private int next;
        private FileChannel open;

        Pump(Flow.Subscriber<? super ByteBuf> subscriber) {
            this.subscriber = subscriber;
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                cancel();
                subscriber.onError(new IllegalArgumentException("request(" + n + "): demand must be positive"));
                return;
            }
            demand.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
            if (running.compareAndSet(false, true)) {
                Thread.ofVirtual().name("pronto-multipart-reader").start(this::pump);
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        private void pump() {
            do {
                try {
                    while (demand.get() > 0 && !cancelled) {
                        ByteBuf chunk = nextChunk();
                        if (chunk == null) {
                            cancelled = true;
                            subscriber.onComplete();
                            break;
                        }
                        demand.decrementAndGet();
                        subscriber.onNext(chunk);
                    }
                } catch (IOException | RuntimeException e) {
                    cancelled = true;
                    subscriber.onError(e);
                }
                if (cancelled) {
                    closeFile();
                }
                running.set(false);
            } while (demand.get() > 0 && !cancelled && running.compareAndSet(false, true));
        }

        /** The next buffer of the body, or null at its end. */
        private ByteBuf nextChunk() throws IOException {
            while (next < segments.size()) {
                Segment s = segments.get(next);
                if (s.text() != null) {
                    next++;
                    return Unpooled.wrappedBuffer(s.text().getBytes(StandardCharsets.UTF_8));
                }
                if (open == null) {
                    open = FileChannel.open(s.file());
                }
                ByteBuf buf = ByteBufAllocator.DEFAULT.ioBuffer(READ);
                int n = buf.writeBytes(open, READ);
                if (n > 0) {
                    return buf;
                }
                buf.release();
                closeFile();
                next++;
            }
            return null;
        }

        private void closeFile() {
            if (open != null) {
                try {
                    open.close();
                } catch (IOException ignored) {
                    // read-only: nothing is lost
                }
                open = null;
            }
        }
    }
}
