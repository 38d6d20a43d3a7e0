package dev.pronto.grpc.internal;

import dev.pronto.core.BodyListener;
import dev.pronto.core.BodyWriter;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One gRPC call on one Pronto exchange: grpc-java's {@link ServerCall}, fed by the request body
 * (a {@link BodyListener}) and writing the response through {@link Response}/{@link BodyWriter}.
 *
 * <p>States, one place: OPEN (listener callbacks flow) → CLOSED, reached exactly once, under
 * {@code lock}, by the first of: the application's {@link #close}, the deadline (sends
 * DEADLINE_EXCEEDED), a protocol failure (sends its status), an application exception (sends
 * UNKNOWN, or the thrown status), or the client's cancellation (RST_STREAM, connection loss: sends
 * nothing). After CLOSED, sends are dropped and the listener gets {@code onComplete} (the response
 * went out after the application's close) or {@code onCancel} (any other ending).
 *
 * <p>Threads: listener callbacks run through a {@link SerialExecutor} (inline on the event loop for
 * non-blocking services, a virtual thread for blocking ones); the inbound queue and
 * {@code requested} are touched only inside it. The deframer runs on the event loop.
 */
final class GrpcCall<Q, R> extends ServerCall<Q, R> implements BodyListener {
    /** Bytes handed to the writer but not yet taken by the flow controller above which isReady() is false. */
    private static final int READY_LIMIT = 32 * 1024;

    private final MethodDescriptor<Q, R> method;
    private final GrpcRuntime runtime;
    private final Request req;
    private final Response res;
    private final SerialExecutor exec;
    private final Deframer deframer;
    private final boolean requestGzip;
    private final boolean acceptGzip;
    private final String timeoutHeader;
    private final String authority;
    private final java.net.SocketAddress remote;
    private volatile boolean cancelled;
    private Context.CancellableContext context;
    private ServerCall.Listener<Q> listener;

    // inbound, executor-confined
    private final ArrayDeque<Inbound> inbound = new ArrayDeque<>();
    private int requested;
    private boolean halfClosed;
    private boolean halfCloseDelivered;

    /** Bytes received but not yet handed to the application; capped, as core returns HTTP/2 window at once. */
    private final AtomicLong unread = new AtomicLong();
    private final long unreadLimit;

    // outbound, under lock
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicLong unwritten = new AtomicLong();
    private boolean closed;
    private Metadata headers;
    private BodyWriter writer;
    private ByteBuf held;
    private boolean gzipOut;
    private boolean messageCompression = true;

    GrpcCall(MethodDescriptor<Q, R> method, GrpcRuntime runtime, Request req, Response res) {
        this.method = method;
        this.runtime = runtime;
        this.req = req;
        this.res = res;
        this.exec = new SerialExecutor(runtime.executor());
        this.deframer = new Deframer(runtime.maxInboundMessageSize(), this::received);
        this.unreadLimit = runtime.maxInboundMessageSize() + (1L << 20);
        this.requestGzip = "gzip".equals(req.header("grpc-encoding"));
        String accept = req.header("grpc-accept-encoding");
        this.acceptGzip = accept != null && accept.contains("gzip");
        // copied now: the request is not readable once the exchange ends, and these are asked later
        this.timeoutHeader = req.header("grpc-timeout");
        this.authority = req.header("host");
        this.remote = req.remoteAddress();
    }

    /** Handler thread: starts the call; the request body then drives it. */
    void start(ServerCallHandler<Q, R> handler) {
        String encoding = req.header("grpc-encoding");
        Metadata md = Headers.read(req);
        long timeout = GrpcTimeout.nanos(timeoutHeader);
        context = timeout == GrpcTimeout.NONE ? Context.ROOT.withCancellation()
                : Context.ROOT.withDeadlineAfter(timeout, TimeUnit.NANOSECONDS, runtime.scheduler());
        context.addListener(c -> contextCancelled(), SerialExecutor.DIRECT);
        res.async();
        res.onCancel(() -> cancelled(Status.CANCELLED.withDescription("client cancelled")));
        exec.execute(() -> {
            if (encoding != null && !requestGzip && !"identity".equals(encoding)) {
                closeWith(Status.UNIMPLEMENTED.withDescription("Unsupported grpc-encoding: " + encoding), new Metadata());
                return;
            }
            inContext(() -> listener = handler.startCall(this, md));
            if (listener != null) {
                inContext(listener::onReady);
            }
        });
        req.onBody(this);
    }

    // ---- inbound: event loop ------------------------------------------------------------------

    @Override
    public void onChunk(ByteBuf chunk) {
        Status failure = deframer.feed(chunk);
        if (failure != null) {
            exec.execute(() -> failed(failure));
        }
    }

    private void received(ByteBuf message, boolean compressed) {
        if (compressed && !requestGzip) {
            message.release();
            exec.execute(() -> failed(Status.INTERNAL.withDescription("Compressed message without grpc-encoding")));
            return;
        }
        // the 5-byte prefix counts too, so a flood of empty messages is bounded as well
        if (unread.addAndGet(5L + message.readableBytes()) > unreadLimit) {
            // the client sends faster than the application asks: fail the call rather than buffer without end
            message.release();
            exec.execute(() -> failed(Status.RESOURCE_EXHAUSTED.withDescription("Too many unrequested messages")));
            return;
        }
        Inbound in = new Inbound(message, compressed);
        exec.execute(() -> {
            if (isClosed()) {
                in.payload().release();
                return;
            }
            inbound.add(in);
            deliver();
        });
    }

    @Override
    public void onEnd() {
        if (deframer.midMessage()) {
            deframer.release();
            exec.execute(() -> failed(Status.INTERNAL.withDescription("Request ended inside a message")));
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
        cancelled(Status.CANCELLED.withDescription("request body failed"));
    }

    // ---- inbound: executor --------------------------------------------------------------------

    @Override
    public void request(int numMessages) {
        exec.execute(() -> {
            requested = (int) Math.min(Integer.MAX_VALUE, (long) requested + numMessages);
            deliver();
        });
    }

    private void deliver() {
        while (listener != null && !isClosed() && requested > 0 && !inbound.isEmpty()) {
            requested--;
            Inbound in = inbound.poll();
            unread.addAndGet(-5L - in.payload().readableBytes());
            Q value;
            try (InputStream stream = Messages.open(in.payload(), in.gzip(), runtime.maxInboundMessageSize())) {
                value = method.parseRequest(stream);
            } catch (RuntimeException | IOException e) {
                failed(e instanceof io.grpc.StatusRuntimeException s ? s.getStatus()
                        : Status.INTERNAL.withDescription("Invalid message: cannot parse the request"));
                return;
            } finally {
                in.payload().release();
            }
            inContext(() -> listener.onMessage(value));
        }
        if (listener != null && halfClosed && inbound.isEmpty() && !halfCloseDelivered && !isClosed()) {
            halfCloseDelivered = true;
            inContext(listener::onHalfClose);
        }
    }

    /** Runs a listener callback inside the call's context; an exception fails the call. */
    private void inContext(Runnable callback) {
        Context previous = context.attach();
        try {
            callback.run();
        } catch (Throwable t) {
            applicationFailed(t);
        } finally {
            context.detach(previous);
        }
    }

    private void applicationFailed(Throwable t) {
        Status status = Status.fromThrowable(t);
        Metadata trailers = Status.trailersFromThrowable(t);
        boolean fromStatus = t instanceof io.grpc.StatusRuntimeException || t instanceof io.grpc.StatusException;
        // anything but a thrown status is UNKNOWN with no text: exception messages may hold secrets
        failed(fromStatus ? status : Status.UNKNOWN, trailers == null ? new Metadata() : trailers);
    }

    private void failed(Status status) {
        failed(status, new Metadata());
    }

    private void failed(Status status, Metadata trailers) {
        if (closeWith(status, trailers)) {
            endWith(status);
        }
    }

    /** Client cancellation (any thread): nothing more can be sent. */
    private void cancelled(Status status) {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            releaseHeld();
        } finally {
            lock.unlock();
        }
        endWith(status);
    }

    private void contextCancelled() {
        if (context.cancellationCause() instanceof TimeoutException) {
            failed(Status.DEADLINE_EXCEEDED.withDescription("deadline exceeded after " + timeoutHeader));
        }
    }

    /** After a non-application ending: cancel the context, drop queued messages, tell the listener. */
    private void endWith(Status status) {
        cancelled = true;
        context.cancel(status.asRuntimeException());
        exec.execute(() -> {
            dropInbound();
            if (listener != null) {
                inContext(listener::onCancel);
            }
        });
    }

    /** Executor: releases messages nobody will read (the call is over). */
    private void dropInbound() {
        inbound.forEach(in -> in.payload().release());
        inbound.clear();
    }

    private boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    // ---- outbound: the application's thread ---------------------------------------------------

    @Override
    public void sendHeaders(Metadata md) {
        lock.lock();
        try {
            if (closed || headers != null) {
                if (!closed) {
                    throw new IllegalStateException("sendHeaders has already been called");
                }
                return;
            }
            headers = md;
            if (!method.getType().serverSendsOneMessage()) {
                startStream();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void sendMessage(R message) {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            if (headers == null) {
                throw new IllegalStateException("sendHeaders has not been called");
            }
            ByteBuf frame = Messages.frame(method.streamResponse(message), gzipOut && messageCompression);
            if (writer == null && held == null && method.getType().serverSendsOneMessage()) {
                held = frame;
                return;
            }
            startStream();
            write(frame);
        } catch (IOException e) {
            throw Status.INTERNAL.withDescription("cannot serialize the response").withCause(e).asRuntimeException();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close(Status status, Metadata trailers) {
        if (closeWith(status, trailers)) {
            context.cancel(null);
            exec.execute(() -> {
                dropInbound();
                if (listener != null) {
                    inContext(listener::onComplete);
                }
            });
        }
    }

    /** Sends the status: trailers-only, head + held message + trailers, or trailers after the stream. */
    private boolean closeWith(Status status, Metadata trailers) {
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            closed = true;
            if (writer == null && held != null) {
                head();
                status(status, trailers, Headers.Target.TRAILERS);
                ByteBuf body = held;
                held = null;
                res.send(body);
            } else {
                // core writes no content-type on an empty body, which gRPC clients reject, so a
                // status-only answer is HEADERS, an empty DATA and the trailers rather than trailers-only
                startStream();
                status(status, trailers, Headers.Target.TRAILERS);
                writer.end();
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void status(Status status, Metadata trailers, Headers.Target target) {
        target.put(res, "grpc-status", Integer.toString(status.getCode().value()));
        if (status.getDescription() != null) {
            target.put(res, "grpc-message", StatusText.encode(status.getDescription()));
        }
        Headers.write(trailers, res, target);
    }

    private void head() {
        res.status(200).contentType("application/grpc");
        if (gzipOut) {
            res.header("grpc-encoding", "gzip");
        }
        if (headers != null) {
            Headers.write(headers, res, Headers.Target.HEADERS);
        }
    }

    private void startStream() {
        if (writer != null) {
            return;
        }
        head();
        writer = res.stream();
        if (held != null) {
            ByteBuf first = held;
            held = null;
            write(first);
        }
    }

    private void write(ByteBuf frame) {
        int n = frame.readableBytes();
        unwritten.addAndGet(n);
        writer.write(frame).whenComplete((ok, failure) -> written(n, failure));
    }

    private void written(int n, Throwable failure) {
        long after = unwritten.addAndGet(-n);
        if (failure != null) {
            cancelled(Status.CANCELLED.withDescription("stream closed while writing"));
        } else if (after < READY_LIMIT && after + n >= READY_LIMIT) {
            exec.execute(() -> {
                if (listener != null && isReady()) {
                    inContext(listener::onReady);
                }
            });
        }
    }

    private void releaseHeld() {
        if (held != null) {
            held.release();
            held = null;
        }
    }

    @Override
    public boolean isReady() {
        return !isClosed() && unwritten.get() < READY_LIMIT;
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public void setCompression(String compressor) {
        if ("gzip".equals(compressor)) {
            gzipOut = acceptGzip;
        } else if ("identity".equals(compressor)) {
            gzipOut = false;
        } else {
            throw new IllegalArgumentException("Unsupported compressor: " + compressor);
        }
    }

    @Override
    public void setMessageCompression(boolean enabled) {
        messageCompression = enabled;
    }

    @Override
    public Attributes getAttributes() {
        return Attributes.newBuilder().set(io.grpc.Grpc.TRANSPORT_ATTR_REMOTE_ADDR, remote).build();
    }

    @Override
    public String getAuthority() {
        return authority;
    }

    @Override
    public MethodDescriptor<Q, R> getMethodDescriptor() {
        return method;
    }

    /** A received message and whether it is gzip-compressed; the payload is owned by the queue. */
    private record Inbound(ByteBuf payload, boolean gzip) {
    }
}
