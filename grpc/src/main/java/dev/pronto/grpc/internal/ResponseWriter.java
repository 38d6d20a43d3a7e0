package dev.pronto.grpc.internal;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.Response;
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
    /** Bytes handed to core and not yet written; through {@link #UNWRITTEN}. */
    private volatile long unwritten;
    private Metadata headers;
    private BodyWriter writer;
    private ByteBuf held;
    /** Frames of the running callback not yet handed over (see {@link #message}). */
    private ByteBuf batch;
    private boolean gzip;

    ResponseWriter(Response res, boolean holdReply, Events events) {
        this.res = res;
        this.holdReply = holdReply;
        this.events = events;
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
        UNWRITTEN.addAndGet(this, n);
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
        write(frames, frames.readableBytes());
    }

    /** Sends the status: head + held message + trailers in one go, or trailers after the stream. */
    void close(Status status, Metadata trailers) {
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
            UNWRITTEN.addAndGet(this, first.readableBytes());
            write(first, first.readableBytes());
        }
    }

    /** The status code as a trailer value. */
    static AsciiString code(Status status) {
        int code = status.getCode().value();
        return code < CODES.length ? CODES[code] : AsciiString.of(Integer.toString(code));
    }

    /** Hands {@code n} bytes, already counted in {@link #unwritten}, to core. */
    private void write(ByteBuf frames, int n) {
        writer.write(frames).whenComplete((ok, failure) -> written(n, failure));
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
