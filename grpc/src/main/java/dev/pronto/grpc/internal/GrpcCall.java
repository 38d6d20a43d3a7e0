package dev.pronto.grpc.internal;

import com.google.protobuf.MessageLite;
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
import io.netty.util.AsciiString;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One gRPC call on one Pronto exchange: grpc-java's {@link ServerCall}, fed by
 * {@link InboundMessages} (the request body) and answering through {@link ResponseWriter}.
 *
 * <p>States, one place: OPEN (listener callbacks flow) → CLOSED, reached exactly once, under
 * the call's monitor, by the first of: the application's {@link #close}, the deadline (sends
 * DEADLINE_EXCEEDED), a protocol failure (sends its status), an application exception (sends
 * UNKNOWN, or the thrown status), or the client's cancellation (RST_STREAM, connection loss: sends
 * nothing). After CLOSED, sends are dropped and the listener gets {@code onComplete} (the response
 * went out after the application's close) or {@code onCancel} (any other ending). The status sent
 * is left in the request attribute {@link AccessLog#GRPC_STATUS} for the response hooks (access
 * log, request metrics).
 *
 * <p>Threads: listener callbacks run through a {@link SerialExecutor} (inline on the event loop for
 * non-blocking services, a virtual thread for blocking ones), as a {@link Callback} constant and its
 * argument rather than a lambda per callback. Request headers are read once, as views
 * ({@link CallHeaders}), so a plain call makes no Strings of them.
 */
final class GrpcCall<Q, R> extends ServerCall<Q, R> implements ResponseWriter.Events {
    private static final AsciiString GZIP = AsciiString.cached("gzip");
    private static final AsciiString IDENTITY = AsciiString.cached("identity");
    private static final AsciiString GRPC_ACCEPT_ENCODING = AsciiString.cached("grpc-accept-encoding");
    private static final AsciiString ACCEPTED_ENCODINGS = AsciiString.cached("gzip,identity");

    /** The listener callbacks, run in the call's context by {@link #inContext}. */
    private enum Callback { START, READY, MESSAGE, HALF_CLOSE, COMPLETE, CANCEL }

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
    private final Metadata metadata;
    private final String authority;
    private final java.net.SocketAddress remote;
    private volatile boolean cancelled;
    private Context.CancellableContext context;
    private ServerCallHandler<Q, R> handler;
    private ServerCall.Listener<Q> listener;
    /**
     * The thread running a listener callback, while one runs: its messages are gathered until it
     * returns, on the event loop only ({@code gather}), which writes nothing before that anyway; a
     * blocking service's callback may wait between messages, so its messages go out one by one.
     */
    private volatile Thread inCallback;
    private final boolean gather;
    private boolean closed;
    private boolean messageCompression = true;

    GrpcCall(MethodDescriptor<Q, R> method, GrpcRuntime runtime, CallHeaders headers, Response res) {
        this.method = method;
        this.runtime = runtime;
        this.req = headers.request;
        this.res = res;
        this.exec = new SerialExecutor(runtime.executor());
        this.gather = runtime.executor() == SerialExecutor.DIRECT;
        this.metadata = headers.metadata;
        this.encoding = headers.encoding;
        this.inbound = new InboundMessages<>(this, exec, runtime.maxInboundMessageSize(), GZIP.contentEquals(encoding));
        this.out = new ResponseWriter(res, method.getType().serverSendsOneMessage(), this, runtime.config());
        this.acceptGzip = headers.acceptGzip;
        this.timeoutHeader = headers.timeout;
        this.authority = headers.authority;
        this.remote = req.remoteAddress();
    }

    /** Handler thread: starts the call; the request body then drives it. */
    void start(ServerCallHandler<Q, R> calls) {
        Metadata md = metadata;
        long timeout = GrpcTimeout.nanos(timeoutHeader);
        if (timeout == GrpcTimeout.NONE) {
            context = runtime.root().withCancellation();
        } else {
            context = runtime.root().withDeadlineAfter(timeout, TimeUnit.NANOSECONDS, runtime.scheduler());
            // only a deadline needs telling apart from the other cancellations, which end the call themselves
            context.addListener(c -> contextCancelled(), SerialExecutor.DIRECT);
        }
        res.async();
        res.onCancel(out);
        handler = calls;
        exec.execute(GrpcCall::begin, this, md);
        req.onBody(inbound);
    }

    private static void begin(GrpcCall<?, ?> call, Metadata md) {
        String encoding = call.encoding;
        if (encoding != null && !GZIP.contentEquals(encoding) && !IDENTITY.contentEquals(encoding)) {
            // tells the client which encodings it may retry with (gRPC's compression spec)
            call.res.header(GRPC_ACCEPT_ENCODING, ACCEPTED_ENCODINGS);
            call.closeWith(Status.UNIMPLEMENTED.withDescription("Unsupported grpc-encoding: " + encoding), new Metadata());
            return;
        }
        call.inContext(Callback.START, md);
        if (call.listener != null) {
            call.inContext(Callback.READY, null);
        }
    }

    // ---- listener callbacks: executor ---------------------------------------------------------

    /** Whether messages and the half-close may still be handed to the listener. */
    boolean listening() {
        return listener != null && !isClosed();
    }

    void message(Q value) {
        inContext(Callback.MESSAGE, value);
    }

    void halfClose() {
        inContext(Callback.HALF_CLOSE, null);
    }

    /** Runs a listener callback inside the call's context; an exception fails the call. */
    @SuppressWarnings("unchecked")
    private void inContext(Callback callback, Object arg) {
        Context previous = context.attach();
        Thread outer = inCallback;
        inCallback = Thread.currentThread();
        try {
            switch (callback) {
                case START -> listener = handler.startCall(this, (Metadata) arg);
                case READY -> listener.onReady();
                case MESSAGE -> listener.onMessage((Q) arg);
                case HALF_CLOSE -> listener.onHalfClose();
                case COMPLETE -> listener.onComplete();
                case CANCEL -> listener.onCancel();
            }
        } catch (Throwable t) {
            applicationFailed(t);
        } finally {
            inCallback = outer;
            if (outer == null) {
                flush();
            }
            context.detach(previous);
        }
    }

    /** Hands over the messages the callback produced, as one write. */
    private void flush() {
        if (flushLocked()) {
            overflowed();
        }
    }

    private synchronized boolean flushLocked() {
        if (closed) {
            return false;
        }
        out.flush();
        return overflowing();
    }

    /**
     * Under the lock, after a write: whether it passed an outbound limit, so the call is now CLOSED
     * and the caller must {@link #overflowed()} once it has left the lock.
     */
    private boolean overflowing() {
        if (!out.overflowed()) {
            return false;
        }
        closed = true;
        out.release();
        GrpcRoutes.recordStatus(req, out.overflowStatus());
        return true;
    }

    /** The stream was reset for a client that does not read: cancel the context and tell the listener. */
    private void overflowed() {
        endWith(out.overflowStatus());
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
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            out.release();
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
        exec.execute(GrpcCall::ended, this, Callback.CANCEL);
    }

    /** The last callback, {@code onComplete} or {@code onCancel}, after dropping unread messages. */
    private static void ended(GrpcCall<?, ?> call, Callback last) {
        call.inbound.drop();
        if (call.listener != null) {
            call.inContext(last, null);
        }
    }

    synchronized boolean isClosed() {
        return closed;
    }

    // ---- ResponseWriter.Events: event loop ----------------------------------------------------

    @Override
    public void writable() {
        exec.execute(GrpcCall::readyAgain, this, null);
    }

    private static void readyAgain(GrpcCall<?, ?> call, Object unused) {
        if (call.listener != null && call.isReady()) {
            call.inContext(Callback.READY, null);
        }
    }

    @Override
    public void writeFailed() {
        cancelled(Status.CANCELLED.withDescription("stream closed while writing"));
    }

    @Override
    public void clientCancelled() {
        cancelled(Status.CANCELLED.withDescription("client cancelled"));
    }

    // ---- ServerCall: the application's thread -------------------------------------------------

    @Override
    public void request(int numMessages) {
        inbound.request(numMessages);
    }

    @Override
    public synchronized void sendHeaders(Metadata md) {
        if (closed) {
            return;
        }
        if (out.headersSent()) {
            throw new IllegalStateException("sendHeaders has already been called");
        }
        out.headers(md);
    }

    @Override
    public void sendMessage(R message) {
        if (send(message)) {
            overflowed();
        }
    }

    /** Under the lock: frames and queues {@code message}; true when that passed an outbound limit. */
    private synchronized boolean send(R message) {
        if (closed) {
            return false;
        }
        if (!out.headersSent()) {
            throw new IllegalStateException("sendHeaders has not been called");
        }
        try {
            boolean gzip = out.gzip() && messageCompression;
            boolean gathering = gather && inCallback == Thread.currentThread();
            MessageLite proto = gzip ? null : Messages.protobuf(method.getResponseMarshaller(), message);
            if (proto == null) {
                out.message(Messages.frame(method.streamResponse(message), gzip), gathering);
                return overflowing();
            }
            int length = proto.getSerializedSize();
            ByteBuf batch = gathering ? out.room(5 + length) : null;
            if (batch != null) {
                Messages.writeFrame(batch, proto, length);
                out.gathered(5 + length);
            } else {
                out.message(Messages.protobufFrame(proto, length, out.holding()), gathering);
            }
            return overflowing();
        } catch (IOException e) {
            throw Status.INTERNAL.withDescription("cannot serialize the response").withCause(e).asRuntimeException();
        }
    }

    @Override
    public void close(Status status, Metadata trailers) {
        if (closeWith(status, trailers)) {
            context.cancel(null);
            exec.execute(GrpcCall::ended, this, Callback.COMPLETE);
        }
    }

    /** CLOSED with {@code status} sent, unless already closed. */
    private synchronized boolean closeWith(Status status, Metadata trailers) {
        if (closed) {
            return false;
        }
        closed = true;
        GrpcRoutes.recordStatus(req, status);
        out.close(status, trailers);
        return true;
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
    public synchronized void setCompression(String compressor) {
        switch (compressor) {
            case "gzip" -> out.gzip(acceptGzip);
            case "identity" -> out.identity();
            default -> throw new IllegalArgumentException("Unsupported compressor: " + compressor);
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
