package dev.pronto.core.internal.exchange;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.ContentCoding;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.internal.content.AcceptEncoding;
import dev.pronto.core.internal.content.Compressors;
import dev.pronto.core.internal.content.MimeTypes;
import dev.pronto.core.internal.content.StreamCompressor;
import dev.pronto.wire.Ascii;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.util.AsciiString;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * The response side of an exchange, reached through an {@link ExchangeHandle}. Exactly one send
 * wins the exchange (a compare-and-set, see {@link ExchangeState}); the winner runs the
 * {@code onSend} hooks, describes the body in the exchange's {@link ResponseBody} and hands the whole
 * response to the carrier on its event loop, which frames it (HTTP/1.1 encodes head and body into one
 * pooled buffer, two parts only for large buffers and files).
 */
public final class ServerResponse {
    public static final String TEXT = "text/plain; charset=utf-8";
    public static final String BYTES = "application/octet-stream";
    public static final String JSON = "application/json";

    private final Exchange e;
    /** What the winning send answers, handed to the carrier; refilled for every response of this exchange. */
    private final ResponseBody body = new ResponseBody();
    /** Hands {@link #body} over on the event loop for a send made elsewhere: one per pooled exchange, not per send. */
    private final Runnable respondTask = this::respond;
    private static final AsciiString ALT_SVC = AsciiString.cached("alt-svc");
    /** The Alt-Svc value of the connection, or null. */
    private final AsciiString altSvc;
    private ResponseHeaders headers = new ResponseHeaders();
    /** Created by the first trailer and kept for the exchange's later requests; empty when unused. */
    private ResponseHeaders trailers;
    /** The body ended: trailers are being (or were) written. */
    private volatile boolean trailersSealed;
    private int status = 200;
    /** A streamed response's head went out: a failure now can only close the connection. */
    private volatile boolean streamStarted;
    /** The winning sender is running onSend hooks, which may still change status and headers. */
    private boolean hooking;

    ServerResponse(Exchange e) {
        this.e = e;
        String advertised = e.carrier == null ? null : e.carrier.altSvc();
        // checked and converted once per pooled exchange: HTTP/2's header block takes AsciiStrings as they are
        this.altSvc = advertised == null ? null
                : AsciiString.of(HeaderValidation.value(ALT_SVC, advertised));
        advertise();
    }

    /** The carrier's Alt-Svc on every response, errors included: a field per response only where it is set. */
    private void advertise() {
        if (altSvc != null) {
            headers.addValidated(ALT_SVC, altSvc);
        }
    }

    void clear() {
        body.clear();
        headers.clear();
        advertise();
        status = 200;
        hooking = false;
        // Volatile stores fence; most responses never set these, so a store of false is skipped when already false.
        if (streamStarted) {
            streamStarted = false;
        }
        if (trailersSealed) {
            trailersSealed = false;
        }
        if (trailers != null) {
            trailers.clear();
        }
    }

    public boolean streamStarted() {
        return streamStarted;
    }

    /**
     * Gives the server's own answer fresh headers, for a response it sends while the handler may
     * still be running on another thread (a response timeout): whatever that thread still sets
     * lands in the detached set, never in the head being encoded.
     */
    void detachForServerAnswer() {
        headers = new ResponseHeaders();
    }

    public ResponseHeaders headers() {
        return headers;
    }

    /** The body of the whole response being sent, for the carrier ({@link Carrier#respond}); reused per exchange. */
    public ResponseBody body() {
        return body;
    }

    /** Resets status and headers before the server writes an error answer of its own. */
    void resetForError(int code) {
        headers.clear();
        advertise();
        status = code;
        // an error answer must stay traceable to its log line: keep the request id a hook assigned
        Object id = e.attributes == null ? null : e.attributes.get(dev.pronto.core.AccessLog.REQUEST_ID);
        if (id != null) {
            headers.add("X-Request-Id", id.toString());
        }
    }

    /** Sets the status while the response is open, judged by {@code stamp} (read with its generation). */
    void status(int stamp, int code) {
        if (code < 200 || code > 599) {
            throw new IllegalArgumentException("status must be in 200..599 for a response, got " + code
                    + (code >= 100 && code < 200 ? " (1xx statuses are interim and sent by the server)" : ""));
        }
        checkOpenAt(stamp);
        status = code;
    }

    public int status() {
        return status;
    }

    /** For a protocol upgrade the server performs itself: the one 1xx answer a handler's response may carry. */
    public void switchingProtocols() {
        checkOpen();
        status = 101;
    }

    void header(int stamp, CharSequence name, CharSequence value) {
        checkOpenAt(stamp);
        headers.add(name, value);
    }

    /** Adds a trailer while the response is open or streaming, judged by {@code stamp} (read with its generation). */
    void trailer(int stamp, CharSequence name, CharSequence value) {
        boolean streaming = streamStarted && ExchangeState.state(stamp) == ExchangeState.RESPONDING && !trailersSealed;
        if (!streaming) {
            checkOpenAt(stamp);
        }
        if (Ascii.equalsIgnoreCase(name, "Content-Type") || Ascii.equalsIgnoreCase(name, "Host")
                || Ascii.equalsIgnoreCase(name, "Trailer")) {
            throw new IllegalArgumentException(name + " may not be sent as a trailer");
        }
        if (trailers == null) {
            trailers = new ResponseHeaders();
        }
        trailers.add(name, value);
    }

    /** The trailer fields to send after the body, or null when there are none; seals them. */
    public ResponseHeaders sealTrailers() {
        trailersSealed = true;
        return trailers != null && trailers.count() > 0 ? trailers : null;
    }

    void contentType(int stamp, CharSequence value) {
        checkOpenAt(stamp);
        headers.contentType(value);
    }

    void send(ExchangeHandle h) {
        if (begin(h)) {
            deliver(null, null);
        }
    }

    /** Sends an empty response unless someone answered already (the handler returned without sending). */
    void sendIfUnanswered(ExchangeHandle h) {
        if (e.begin(h.generation()) && hooksPassed(h)) {
            deliver(null, null);
        }
    }

    void send(ExchangeHandle h, CharSequence body) {
        Objects.requireNonNull(body, "body");
        int length = ByteBufUtil.utf8Bytes(body);
        if (mayCompress(length)) {
            ByteBuf buf = e.carrier.alloc().ioBuffer(length);
            ByteBufUtil.reserveAndWriteUtf8(buf, body, length);
            sendBuffer(h, buf, TEXT);
            return;
        }
        if (!begin(h)) {
            return;
        }
        if (!onLoop()) {
            ByteBuf copy = e.carrier.alloc().ioBuffer(length);
            ByteBufUtil.reserveAndWriteUtf8(copy, body, length);
            deliver(copy, TEXT);
            return;
        }
        this.body.text(body, length, TEXT);
        respond();
    }

    void send(ExchangeHandle h, byte[] body) {
        Objects.requireNonNull(body, "body");
        if (mayCompress(body.length)) {
            sendBuffer(h, e.carrier.alloc().ioBuffer(body.length).writeBytes(body), BYTES);
            return;
        }
        if (!begin(h)) {
            return;
        }
        if (!onLoop()) {
            deliver(e.carrier.alloc().ioBuffer(body.length).writeBytes(body), BYTES);
            return;
        }
        this.body.bytes(body, BYTES);
        respond();
    }

    void send(ExchangeHandle h, ByteBuf body) {
        Objects.requireNonNull(body, "body");
        sendBuffer(h, body, BYTES);
    }

    void send(ExchangeHandle h, CompletionStage<?> stage) {
        Objects.requireNonNull(stage, "stage");
        checkOpen();
        e.asyncRequested = true;
        stage.whenComplete((value, error) -> Dispatch.completeWith(h, value, error));
    }

    void json(ExchangeHandle h, Object value) {
        Objects.requireNonNull(value, "value");
        checkOpen();
        ByteBuf body = e.carrier.alloc().ioBuffer(512);
        try {
            e.server.json().write(value, body);
        } catch (RuntimeException ex) {
            body.release();
            throw ex;
        }
        sendBuffer(h, body, JSON);
    }

    /** Answers a redirect for {@code h}, whose {@code stamp} was read with its generation check. */
    void redirect(ExchangeHandle h, int stamp, int code, String location) {
        if (code != 301 && code != 302 && code != 303 && code != 307 && code != 308) {
            throw new IllegalArgumentException("redirect status must be 301, 302, 303, 307 or 308, got " + code);
        }
        status(stamp, code);
        header(stamp, "Location", location);
        send(h);
    }

    void sendFile(ExchangeHandle h, Path file) {
        Objects.requireNonNull(file, "file");
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new NotFoundException("Not Found");
        }
        sendFileRange(h, file, 0, -1);
    }

    /**
     * Sends {@code length} bytes of {@code file} from {@code offset} (-1: to the end) as a zero-copy
     * region, with the current status and headers. The file is closed on every path: by the region
     * once written or dropped, here when nothing is sent.
     */
    void sendFileRange(ExchangeHandle h, Path file, long offset, long length) {
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            long size = length < 0 ? channel.size() - offset : length;
            if (headers.contentType() == null) {
                headers.contentType(MimeTypes.of(file.getFileName().toString()));
            }
            if (!begin(h)) {
                closeQuietly(channel);
                return;
            }
            if (size > 0) {
                // also for HEAD or a bodiless status: the carrier decides, and closes what it does not send
                body.file(new FilePart(channel, offset, size), BYTES);
                channel = null;
            } else {
                body.none(BYTES);
            }
            hand();
        } catch (IOException ex) {
            throw new NotFoundException("Not Found", ex);
        } finally {
            closeQuietly(channel);
        }
    }

    /** Sends {@code body} (owned by this call) as it is: no compression, no default type. */
    void sendPrepared(ExchangeHandle h, ByteBuf body) {
        if (beginOrRelease(h, body)) {
            deliver(body, BYTES);
        }
    }

    BodyWriter stream(ExchangeHandle h) {
        if (!begin(h)) {
            return DiscardingWriter.INSTANCE;
        }
        streamStarted = true;
        ContentCoding coding = negotiate(-1, BYTES);
        StreamCompressor compressor = coding == null || !ResponseBody.hasBody(e) ? null
                : new StreamCompressor(coding, e.server.compressors().config(), e.carrier.alloc());
        return e.carrier.stream(e, BYTES, compressor);
    }

    /** Sends {@code body} (owned by this call) with {@code defaultType} unless a type was set. */
    private void sendBuffer(ExchangeHandle h, ByteBuf body, String defaultType) {
        if (!beginOrRelease(h, body)) {
            return;
        }
        ByteBuf out;
        try {
            out = compress(body, defaultType);
        } catch (RuntimeException ex) {
            Errors.afterBegin(e, ex);
            return;
        }
        deliver(out, defaultType);
    }

    /**
     * Wins the exchange for {@code h} and runs the onSend hooks. False when the carrier is gone (the
     * client left: nothing to answer) or a hook failed (its error was answered instead); throws when
     * the exchange was already answered or has moved on to a later request.
     */
    private boolean begin(ExchangeHandle h) {
        if (!e.begin(h.generation())) {
            if (h.live() && e.state() == ExchangeState.ABORTED) {
                return false;
            }
            throw h.live() ? new IllegalStateException("Response already sent for " + e.request) : h.stale("response");
        }
        return hooksPassed(h);
    }

    private boolean hooksPassed(ExchangeHandle h) {
        if (e.life.onSend().isEmpty()) {
            return true;
        }
        hooking = true;
        try {
            for (dev.pronto.core.SendHook hook : e.life.onSend()) {
                hook.handle(h, h);
            }
            return true;
        } catch (Throwable t) {
            Errors.afterBegin(e, t);
            return false;
        } finally {
            hooking = false;
        }
    }

    private boolean beginOrRelease(ExchangeHandle h, ByteBuf body) {
        boolean won = false;
        try {
            won = begin(h);
            return won;
        } finally {
            if (!won) {
                body.release();
            }
        }
    }

    private boolean onLoop() {
        return e.carrier.eventLoop().inEventLoop();
    }

    /**
     * Hands the response to the carrier with {@code buf} (owned here, or null for none). The carrier
     * frames it on its event loop, so status, headers and connection state are read by one thread.
     */
    void deliver(ByteBuf buf, String defaultType) {
        if (buf == null) {
            body.none(defaultType);
        } else {
            body.buffer(buf, defaultType);
        }
        hand();
    }

    /** Gives the filled {@link #body} to the carrier: now on the event loop, else as a task there. */
    private void hand() {
        if (onLoop()) {
            respond();
            return;
        }
        try {
            e.carrier.eventLoop().execute(respondTask);
        } catch (java.util.concurrent.RejectedExecutionException loopGone) {
            body.release();
        }
    }

    /**
     * The carrier frames the response. When it throws, the response is claimed but half made and no
     * error answer can follow: it is given up the carrier's way (the stream reset, the connection
     * closed) so the client is not left waiting, and the failure goes on to be logged.
     */
    private void respond() {
        try {
            e.carrier.respond(e, body);
        } catch (RuntimeException | Error failure) {
            body.release();
            e.pool().abortAnyThread(e);
            throw failure;
        }
    }

    private boolean mayCompress(int length) {
        Compressors c = e.server.compressors();
        return c != null && length >= c.config().minSize();
    }

    /** The body to send: {@code body} itself, or its compressed form (then {@code body} is released). */
    private ByteBuf compress(ByteBuf body, String defaultType) {
        ContentCoding coding = negotiate(body.readableBytes(), defaultType);
        if (coding == null) {
            return body;
        }
        try {
            return e.server.compressors().compress(coding, body, e.carrier.alloc());
        } finally {
            body.release();
        }
    }

    /** The coding for a body of {@code length} bytes, adding Vary and Content-Encoding; null for identity. */
    private ContentCoding negotiate(long length, String defaultType) {
        Compressors c = e.server.compressors();
        CharSequence type = headers.contentType() != null ? headers.contentType() : defaultType;
        if (c == null || (length >= 0 && length < c.config().minSize()) || Status.bodiless(status)
                || !c.config().compresses(type) || headers.has("Content-Encoding")) {
            return null;
        }
        headers.add("Vary", "Accept-Encoding");
        CharSequence accept = e.request.peekHeader("accept-encoding");
        if (accept == null) {
            return null;
        }
        ContentCoding best = AcceptEncoding.negotiate(accept, c.offered());
        if (best != null) {
            headers.add("Content-Encoding", best.token());
        }
        return best;
    }

    /**
     * Status and headers may change only until a send wins (or inside that sender's onSend hooks), judged
     * by {@code stamp}: the handle passes the one it read with its generation check, so a late call cannot
     * see the next request's open state.
     */
    private void checkOpenAt(int stamp) {
        if (!hooking && !ExchangeState.open(ExchangeState.state(stamp))) {
            throw new IllegalStateException("Response already sent for " + e.request);
        }
    }

    private void checkOpen() {
        checkOpenAt(e.stamp());
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already failing or nothing sent: the original outcome is the one reported
            }
        }
    }
}
