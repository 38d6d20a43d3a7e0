package dev.pronto.grpc.internal;

import dev.pronto.core.BodyListener;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * The request side of one call: the body's chunks are split into messages on the event loop,
 * queued, and handed to the application as it asks ({@code request(n)}), parsed on the call's
 * executor. Received but unrequested bytes are capped, because core returns HTTP/2 window as soon
 * as a chunk is read: a client sending faster than the application asks fails its call with
 * RESOURCE_EXHAUSTED instead of growing the queue.
 *
 * <p>Threads: the {@link BodyListener} methods run on the event loop; the queue, {@code requested}
 * and the half-close flags are touched only on the call's {@link SerialExecutor}. The callbacks
 * are shared method references with their arguments, and the first queued message (a unary call's
 * only one) has a slot of its own, so the common call allocates no task, record or queue here.
 */
final class InboundMessages<Q> implements BodyListener {
    @SuppressWarnings("rawtypes")
    private static final AtomicLongFieldUpdater<InboundMessages> UNREAD =
            AtomicLongFieldUpdater.newUpdater(InboundMessages.class, "unread");

    private final GrpcCall<Q, ?> call;
    private final MethodDescriptor<Q, ?> method;
    private final SerialExecutor exec;
    private final int maxMessageSize;
    private final boolean gzip;
    private final Deframer deframer;
    /** Bytes received and not yet handed to the application; through {@link #UNREAD}. */
    private volatile long unread;
    private final long unreadLimit;
    /** The oldest queued message (a payload, or a {@link Compressed} one), before those in {@code rest}. */
    private Object first;
    private ArrayDeque<Object> rest;
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
            exec.execute(GrpcCall::failed, call, failure);
        }
    }

    private void received(ByteBuf message, boolean compressed) {
        if (compressed && !gzip) {
            message.release();
            exec.execute(GrpcCall::failed, call, Status.INTERNAL.withDescription("Compressed message without grpc-encoding"));
            return;
        }
        // the 5-byte prefix counts too, so a flood of empty messages is bounded as well
        if (UNREAD.addAndGet(this, 5L + message.readableBytes()) > unreadLimit) {
            message.release();
            exec.execute(GrpcCall::failed, call, Status.RESOURCE_EXHAUSTED.withDescription("Too many unrequested messages"));
            return;
        }
        exec.execute(InboundMessages::queued, this, compressed ? new Compressed(message) : message);
    }

    private static void queued(InboundMessages<?> self, Object in) {
        if (self.call.isClosed()) {
            payload(in).release();
            return;
        }
        if (self.first == null) {
            self.first = in;
        } else {
            if (self.rest == null) {
                self.rest = new ArrayDeque<>();
            }
            self.rest.add(in);
        }
        self.deliver();
    }

    @Override
    public void onEnd() {
        if (deframer.midMessage()) {
            deframer.release();
            exec.execute(GrpcCall::failed, call, Status.INTERNAL.withDescription("Request ended inside a message"));
            return;
        }
        exec.execute(InboundMessages::halfClosed, this, null);
    }

    private static void halfClosed(InboundMessages<?> self, Object unused) {
        self.halfClosed = true;
        self.deliver();
    }

    @Override
    public void onError(Throwable cause) {
        deframer.release();
        call.cancelled(Status.CANCELLED.withDescription("request body failed"));
    }

    // ---- executor -----------------------------------------------------------------------------

    /** The application asks for {@code n} more messages; any thread. */
    void request(int n) {
        exec.execute(InboundMessages::requested, this, n);
    }

    private static void requested(InboundMessages<?> self, Integer n) {
        self.requested = (int) Math.min(Integer.MAX_VALUE, (long) self.requested + n);
        self.deliver();
    }

    /** Hands over what is queued and requested, then the half-close once the queue is empty. */
    void deliver() {
        while (call.listening() && requested > 0 && first != null) {
            requested--;
            Object in = poll();
            ByteBuf payload = payload(in);
            UNREAD.addAndGet(this, -5L - payload.readableBytes());
            Q value;
            try (InputStream stream = Messages.open(payload, in instanceof Compressed, maxMessageSize)) {
                value = method.parseRequest(stream);
            } catch (RuntimeException | IOException e) {
                call.failed(e instanceof io.grpc.StatusRuntimeException s ? s.getStatus()
                        : Status.INTERNAL.withDescription("Invalid message: cannot parse the request"));
                return;
            } finally {
                payload.release();
            }
            call.message(value);
        }
        if (halfClosed && first == null && !halfCloseDelivered && call.listening()) {
            halfCloseDelivered = true;
            call.halfClose();
        }
    }

    private Object poll() {
        Object in = first;
        first = rest == null ? null : rest.poll();
        return in;
    }

    /** Releases messages nobody will read (the call is over). */
    void drop() {
        while (first != null) {
            payload(poll()).release();
        }
    }

    private static ByteBuf payload(Object in) {
        return in instanceof Compressed c ? c.payload() : (ByteBuf) in;
    }

    /** A received gzip-compressed message; the payload is owned by the queue. */
    private record Compressed(ByteBuf payload) {
    }
}
