package dev.pronto.grpc.internal;

import dev.pronto.core.BodyListener;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The request side of one call: the body's chunks are split into messages on the event loop,
 * queued, and handed to the application as it asks ({@code request(n)}), parsed on the call's
 * executor. Received but unrequested bytes are capped, because core returns HTTP/2 window as soon
 * as a chunk is read: a client sending faster than the application asks fails its call with
 * RESOURCE_EXHAUSTED instead of growing the queue.
 *
 * <p>Threads: the {@link BodyListener} methods run on the event loop; the queue, {@code requested}
 * and the half-close flags are touched only on the call's {@link SerialExecutor}.
 */
final class InboundMessages<Q> implements BodyListener {
    private final GrpcCall<Q, ?> call;
    private final MethodDescriptor<Q, ?> method;
    private final SerialExecutor exec;
    private final int maxMessageSize;
    private final boolean gzip;
    private final Deframer deframer;
    private final AtomicLong unread = new AtomicLong();
    private final long unreadLimit;
    private final ArrayDeque<Inbound> queue = new ArrayDeque<>();
    private int requested;
    private boolean halfClosed;
    private boolean halfCloseDelivered;

    InboundMessages(GrpcCall<Q, ?> call, SerialExecutor exec, int maxMessageSize, boolean gzip) {
        this.call = call;
        this.method = call.getMethodDescriptor();
        this.exec = exec;
        this.maxMessageSize = maxMessageSize;
        this.gzip = gzip;
        this.deframer = new Deframer(maxMessageSize, this::received);
        this.unreadLimit = maxMessageSize + (1L << 20);
    }

    // ---- event loop ---------------------------------------------------------------------------

    @Override
    public void onChunk(ByteBuf chunk) {
        Status failure = deframer.feed(chunk);
        if (failure != null) {
            exec.execute(() -> call.failed(failure));
        }
    }

    private void received(ByteBuf message, boolean compressed) {
        if (compressed && !gzip) {
            message.release();
            exec.execute(() -> call.failed(Status.INTERNAL.withDescription("Compressed message without grpc-encoding")));
            return;
        }
        // the 5-byte prefix counts too, so a flood of empty messages is bounded as well
        if (unread.addAndGet(5L + message.readableBytes()) > unreadLimit) {
            message.release();
            exec.execute(() -> call.failed(Status.RESOURCE_EXHAUSTED.withDescription("Too many unrequested messages")));
            return;
        }
        Inbound in = new Inbound(message, compressed);
        exec.execute(() -> {
            if (call.isClosed()) {
                in.payload().release();
                return;
            }
            queue.add(in);
            deliver();
        });
    }

    @Override
    public void onEnd() {
        if (deframer.midMessage()) {
            deframer.release();
            exec.execute(() -> call.failed(Status.INTERNAL.withDescription("Request ended inside a message")));
            return;
        }
        exec.execute(() -> {
            halfClosed = true;
            deliver();
        });
    }

    @Override
    public void onError(Throwable cause) {
        deframer.release();
        call.cancelled(Status.CANCELLED.withDescription("request body failed"));
    }

    // ---- executor -----------------------------------------------------------------------------

    /** The application asks for {@code n} more messages; any thread. */
    void request(int n) {
        exec.execute(() -> {
            requested = (int) Math.min(Integer.MAX_VALUE, (long) requested + n);
            deliver();
        });
    }

    /** Hands over what is queued and requested, then the half-close once the queue is empty. */
    void deliver() {
        while (call.listening() && requested > 0 && !queue.isEmpty()) {
            requested--;
            Inbound in = queue.poll();
            unread.addAndGet(-5L - in.payload().readableBytes());
            Q value;
            try (InputStream stream = Messages.open(in.payload(), in.gzip(), maxMessageSize)) {
                value = method.parseRequest(stream);
            } catch (RuntimeException | IOException e) {
                call.failed(e instanceof io.grpc.StatusRuntimeException s ? s.getStatus()
                        : Status.INTERNAL.withDescription("Invalid message: cannot parse the request"));
                return;
            } finally {
                in.payload().release();
            }
            call.message(value);
        }
        if (halfClosed && queue.isEmpty() && !halfCloseDelivered && call.listening()) {
            halfCloseDelivered = true;
            call.halfClose();
        }
    }

    /** Releases messages nobody will read (the call is over). */
    void drop() {
        queue.forEach(in -> in.payload().release());
        queue.clear();
    }

    /** A received message and whether it is gzip-compressed; the payload is owned by the queue. */
    private record Inbound(ByteBuf payload, boolean gzip) {
    }
}
