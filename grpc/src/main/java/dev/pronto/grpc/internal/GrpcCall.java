package dev.pronto.grpc.internal;

import dev.pronto.core.AccessLog;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One gRPC call on one Pronto exchange: grpc-java's {@link ServerCall}, fed by
 * {@link InboundMessages} (the request body) and answering through {@link ResponseWriter}.
 *
 * <p>States, one place: OPEN (listener callbacks flow) → CLOSED, reached exactly once, under
 * {@code lock}, by the first of: the application's {@link #close}, the deadline (sends
 * DEADLINE_EXCEEDED), a protocol failure (sends its status), an application exception (sends
 * UNKNOWN, or the thrown status), or the client's cancellation (RST_STREAM, connection loss: sends
 * nothing). After CLOSED, sends are dropped and the listener gets {@code onComplete} (the response
 * went out after the application's close) or {@code onCancel} (any other ending). The status sent
 * is left in the request attribute {@link AccessLog#GRPC_STATUS} for the response hooks (access
 * log, request metrics).
 *
 * <p>Threads: listener callbacks run through a {@link SerialExecutor} (inline on the event loop for
 * non-blocking services, a virtual thread for blocking ones).
 */
final class GrpcCall<Q, R> extends ServerCall<Q, R> implements ResponseWriter.Events {
    private final MethodDescriptor<Q, R> method;
    private final GrpcRuntime runtime;
    private final Request req;
    private final Response res;
    private final SerialExecutor exec;
    private final InboundMessages<Q> inbound;
    private final ResponseWriter out;
    private final boolean acceptGzip;
    private final String encoding;
    private final String timeoutHeader;
    private final String authority;
    private final java.net.SocketAddress remote;
    private volatile boolean cancelled;
    private Context.CancellableContext context;
    private ServerCall.Listener<Q> listener;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean closed;
    private boolean messageCompression = true;

    GrpcCall(MethodDescriptor<Q, R> method, GrpcRuntime runtime, Request req, Response res) {
        this.method = method;
        this.runtime = runtime;
        this.req = req;
        this.res = res;
        this.exec = new SerialExecutor(runtime.executor());
        this.encoding = req.header("grpc-encoding");
        this.inbound = new InboundMessages<>(this, exec, runtime.maxInboundMessageSize(), "gzip".equals(encoding));
        this.out = new ResponseWriter(res, method.getType().serverSendsOneMessage(), this);
        String accept = req.header("grpc-accept-encoding");
        this.acceptGzip = accept != null && accept.contains("gzip");
        // copied now: the request is not readable once the exchange ends, and these are asked later
        this.timeoutHeader = req.header("grpc-timeout");
        this.authority = req.header("host");
        this.remote = req.remoteAddress();
    }

    /** Handler thread: starts the call; the request body then drives it. */
    void start(ServerCallHandler<Q, R> handler) {
        Metadata md = Headers.read(req);
        long timeout = GrpcTimeout.nanos(timeoutHeader);
        if (timeout == GrpcTimeout.NONE) {
            context = runtime.root().withCancellation();
        } else {
            context = runtime.root().withDeadlineAfter(timeout, TimeUnit.NANOSECONDS, runtime.scheduler());
            // only a deadline needs telling apart from the other cancellations, which end the call themselves
            context.addListener(c -> contextCancelled(), SerialExecutor.DIRECT);
        }
        res.async();
        res.onCancel(() -> cancelled(Status.CANCELLED.withDescription("client cancelled")));
        exec.execute(() -> {
            if (encoding != null && !"gzip".equals(encoding) && !"identity".equals(encoding)) {
                closeWith(Status.UNIMPLEMENTED.withDescription("Unsupported grpc-encoding: " + encoding), new Metadata());
                return;
            }
            inContext(() -> listener = handler.startCall(this, md));
            if (listener != null) {
                inContext(listener::onReady);
            }
        });
        req.onBody(inbound);
    }

    // ---- listener callbacks: executor ---------------------------------------------------------

    /** Whether messages and the half-close may still be handed to the listener. */
    boolean listening() {
        return listener != null && !isClosed();
    }

    void message(Q value) {
        inContext(() -> listener.onMessage(value));
    }

    void halfClose() {
        inContext(listener::onHalfClose);
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
        Metadata trailers = Status.trailersFromThrowable(t);
        boolean fromStatus = t instanceof io.grpc.StatusRuntimeException || t instanceof io.grpc.StatusException;
        // anything but a thrown status is UNKNOWN with no text: exception messages may hold secrets
        failed(fromStatus ? Status.fromThrowable(t) : Status.UNKNOWN, trailers == null ? new Metadata() : trailers);
    }

    void failed(Status status) {
        failed(status, new Metadata());
    }

    private void failed(Status status, Metadata trailers) {
        if (closeWith(status, trailers)) {
            endWith(status);
        }
    }

    /** Client cancellation (any thread): nothing more can be sent. */
    void cancelled(Status status) {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            out.release();
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
            inbound.drop();
            if (listener != null) {
                inContext(listener::onCancel);
            }
        });
    }

    boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    // ---- ResponseWriter.Events: event loop ----------------------------------------------------

    @Override
    public void writable() {
        exec.execute(() -> {
            if (listener != null && isReady()) {
                inContext(listener::onReady);
            }
        });
    }

    @Override
    public void writeFailed() {
        cancelled(Status.CANCELLED.withDescription("stream closed while writing"));
    }

    // ---- ServerCall: the application's thread -------------------------------------------------

    @Override
    public void request(int numMessages) {
        inbound.request(numMessages);
    }

    @Override
    public void sendHeaders(Metadata md) {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            if (out.headersSent()) {
                throw new IllegalStateException("sendHeaders has already been called");
            }
            out.headers(md);
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
            if (!out.headersSent()) {
                throw new IllegalStateException("sendHeaders has not been called");
            }
            boolean gzip = out.gzip() && messageCompression;
            ByteBuf direct = gzip ? null : Messages.protobufFrame(method.getResponseMarshaller(), message);
            out.message(direct != null ? direct : Messages.frame(method.streamResponse(message), gzip));
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
                inbound.drop();
                if (listener != null) {
                    inContext(listener::onComplete);
                }
            });
        }
    }

    /** CLOSED with {@code status} sent, unless already closed. */
    private boolean closeWith(Status status, Metadata trailers) {
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            closed = true;
            GrpcRoutes.recordStatus(req, status);
            out.close(status, trailers);
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean isReady() {
        return !isClosed() && out.ready();
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public void setCompression(String compressor) {
        lock.lock();
        try {
            switch (compressor) {
                case "gzip" -> out.gzip(acceptGzip);
                case "identity" -> out.identity();
                default -> throw new IllegalArgumentException("Unsupported compressor: " + compressor);
            }
        } finally {
            lock.unlock();
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
}
