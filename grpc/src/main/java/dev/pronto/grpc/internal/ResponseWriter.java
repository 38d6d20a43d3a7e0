package dev.pronto.grpc.internal;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.Response;
import dev.pronto.grpc.GrpcConfig;
import io.grpc.Metadata;
import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.AsciiString;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * The response side of one call: head, messages and status on Pronto's {@link Response}. A unary
 * reply is held until the status, so head, message and trailers leave in one write; streamed
 * replies go out as they come, and the bytes the flow controller has not taken yet decide
 * {@link #ready()}. Every method but {@link #ready()} and {@link #run()} runs under the call's lock.
 * Header names and the common values are constants, which core sends without converting them.
 *
 * <p>The writer is also the exchange's cancel callback ({@link #run()}), so a call registers one
 * without allocating a lambda for it.
 */
final class ResponseWriter implements Runnable {
    /** Bytes handed to the writer but not yet taken by the flow controller above which the call is not ready. */
    static final int READY_LIMIT = 32 * 1024;
    /**
     * The heap one write keeps beside its frames until it is written (two stages, a promise, three
     * listeners, the buffer object: about 370 bytes in a heap histogram of queued replies), counted
     * with them so that many tiny writes cannot hide behind few bytes.
     */
    static final int WRITE_COST = 384;
    /** The largest gathered write: one default-size DATA frame. */
    private static final int BATCH = 16 * 1024;
    private static final AtomicLongFieldUpdater<ResponseWriter> UNWRITTEN =
            AtomicLongFieldUpdater.newUpdater(ResponseWriter.class, "unwritten");
    private static final AsciiString CONTENT_TYPE = AsciiString.cached("application/grpc");
    private static final AsciiString GRPC_ENCODING = AsciiString.cached("grpc-encoding");
    private static final AsciiString GZIP = AsciiString.cached("gzip");
    private static final AsciiString GRPC_STATUS = AsciiString.cached("grpc-status");
    private static final AsciiString GRPC_MESSAGE = AsciiString.cached("grpc-message");
    private static final AsciiString[] CODES = new AsciiString[17];

    static {
        for (int i = 0; i < CODES.length; i++) {
            CODES[i] = AsciiString.cached(Integer.toString(i));
        }
    }

    /** What the writer tells its call, from the event loop. */
    interface Events {
        /** Written bytes fell below {@link #READY_LIMIT}. */
        void writable();

        /** A write failed: the stream is gone. */
        void writeFailed();

        /** The client reset the stream or went away (any thread). */
        void clientCancelled();
    }

    private final Response res;
    private final boolean holdReply;
    private final Events events;
    private final long maxQueued;
    private final long maxConnectionQueued;
    /** Bytes handed to core and not yet written; through {@link #UNWRITTEN}. */
    private volatile long unwritten;
    private Metadata headers;
    private BodyWriter writer;
    private ByteBuf held;
    /** Frames of the running callback not yet handed over (see {@link #message}). */
    private ByteBuf batch;
    private boolean gzip;
    /** The status is being written: what is gathered for it goes out whatever the limits. */
    private boolean closing;
    /** A limit was passed: the stream was reset and nothing more is written. */
    private boolean overflowed;

    ResponseWriter(Response res, boolean holdReply, Events events, GrpcConfig limits) {
        this.res = res;
        this.holdReply = holdReply;
        this.events = events;
        this.maxQueued = limits.outboundBufferPerCall();
        this.maxConnectionQueued = limits.outboundBufferPerConnection();
    }

    boolean headersSent() {
        return headers != null;
    }

    /** Whether the next message would be held for the close (written with it as one buffer). */
    boolean holding() {
        return holdReply && writer == null && held == null;
    }

    /** The exchange's cancel callback: the client went away. */
    @Override
    public void run() {
        events.clientCancelled();
    }

    /** Compresses the reply when the client accepts gzip. */
    void gzip(boolean accepted) {
        gzip = accepted;
    }

    /** Sends the reply uncompressed. */
    void identity() {
        gzip = false;
    }

    boolean gzip() {
        return gzip;
    }

    /** The application's headers; a streaming call sends them now. */
    void headers(Metadata md) {
        headers = md;
        if (!holdReply) {
            startStream();
        }
    }

    /**
     * Sends (or, for the one reply of a unary call, holds) {@code frame}; takes ownership. With
     * {@code coalesce} (the frame comes from a listener callback, which ends with {@link #flush()}),
     * a small frame is gathered with the others of the callback into one buffer: one DATA frame,
     * one write and one completion per batch rather than per message.
     */
    void message(ByteBuf frame, boolean coalesce) {
        if (holding()) {
            held = frame;
            return;
        }
        startStream();
        int n = frame.readableBytes();
        ByteBuf into = coalesce ? room(n) : null;
        if (into != null) {
            into.writeBytes(frame);
            frame.release();
            gathered(n);
            return;
        }
        flush();
        write(frame, n);
    }

    /**
     * The batch, with room for a frame of {@code size} bytes that the caller (inside a callback on
     * the event loop) writes into it and then reports with {@link #gathered}; or null when the frame
     * must go through {@link #message}: it is a unary reply to hold, or too large to be worth a copy.
     */
    ByteBuf room(int size) {
        if (holding() || size > BATCH / 4) {
            return null;
        }
        startStream();
        if (batch != null && batch.writableBytes() < size) {
            flush();
        }
        if (batch == null) {
            // heap: protobuf serializes into an array without NIO views; the transport copies the batch once
            batch = ByteBufAllocator.DEFAULT.heapBuffer(BATCH);
        }
        return batch;
    }

    /** {@code size} more bytes were written into the batch; counted now, so isReady() sees them. */
    void gathered(int size) {
        UNWRITTEN.addAndGet(this, size);
    }

    /** Hands the gathered frames over as one write. */
    void flush() {
        if (batch == null) {
            return;
        }
        ByteBuf frames = batch;
        batch = null;
        write(compact(frames), 0);
    }

    /**
     * A batch holding less than half its capacity, as a direct buffer of its size: a write that
     * waits for a slow peer then holds its bytes, not a 16 KiB batch. The transport would copy the
     * heap batch into a direct buffer anyway, so this moves that copy rather than adding one.
     */
    private static ByteBuf compact(ByteBuf batch) {
        int n = batch.readableBytes();
        if (n > BATCH / 2) {
            return batch;
        }
        ByteBuf exact = ByteBufAllocator.DEFAULT.ioBuffer(n).writeBytes(batch);
        batch.release();
        return exact;
    }

    /** Whether a limit was passed: the stream is reset and the call must end as RESOURCE_EXHAUSTED. */
    boolean overflowed() {
        return overflowed;
    }

    /** The status of a call ended by {@link #overflowed()}. */
    Status overflowStatus() {
        return Status.RESOURCE_EXHAUSTED.withDescription("the client does not read its responses: over "
                + maxQueued + " bytes queued for the call or " + maxConnectionQueued + " for the connection");
    }

    /** Sends the status: head + held message + trailers in one go, or trailers after the stream. */
    void close(Status status, Metadata trailers) {
        closing = true;
        if (writer == null && held != null) {
            head();
            status(status, trailers);
            ByteBuf body = held;
            held = null;
            res.send(body);
        } else {
            // core writes no content-type on an empty body, which gRPC clients reject, so a
            // status-only answer is HEADERS, an empty DATA and the trailers rather than trailers-only
            startStream();
            flush();
            status(status, trailers);
            writer.end();
        }
    }

    /** Drops the held reply and the gathered frames (the call was cancelled). */
    void release() {
        if (held != null) {
            held.release();
            held = null;
        }
        if (batch != null) {
            batch.release();
            batch = null;
        }
    }

    /** Any thread. */
    boolean ready() {
        return unwritten < READY_LIMIT;
    }

    private void status(Status status, Metadata trailers) {
        res.trailer(GRPC_STATUS, code(status));
        if (status.getDescription() != null) {
            res.trailer(GRPC_MESSAGE, StatusText.encode(status.getDescription()));
        }
        Headers.write(trailers, res, Headers.Target.TRAILERS);
    }

    private void head() {
        res.status(200).contentType(CONTENT_TYPE);
        if (gzip) {
            res.header(GRPC_ENCODING, GZIP);
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
            write(first, first.readableBytes());
        }
    }

    /** The status code as a trailer value. */
    static AsciiString code(Status status) {
        int code = status.getCode().value();
        return code < CODES.length ? CODES[code] : AsciiString.of(Integer.toString(code));
    }

    /**
     * Hands {@code frames} to core, of which {@code uncounted} bytes are not yet in {@link #unwritten}
     * (a batch's were counted as gathered). Past a limit (what was queued before this write, for
     * the call or its connection) the frames are dropped and the stream reset instead.
     */
    private void write(ByteBuf frames, int uncounted) {
        if (overflowed) {
            frames.release();
            return;
        }
        int cost = frames.readableBytes() + WRITE_COST;
        long before = UNWRITTEN.addAndGet(this, uncounted + WRITE_COST) - cost;
        if (!closing && (before >= maxQueued || writer.connectionBacklog() >= maxConnectionQueued)) {
            overflowed = true;
            frames.release();
            release();
            writer.abort();
            return;
        }
        writer.write(frames).whenComplete((ok, failure) -> written(cost, failure));
    }

    private void written(int n, Throwable failure) {
        long after = UNWRITTEN.addAndGet(this, -n);
        if (failure != null) {
            events.writeFailed();
        } else if (after < READY_LIMIT && after + n >= READY_LIMIT) {
            events.writable();
        }
    }
}
