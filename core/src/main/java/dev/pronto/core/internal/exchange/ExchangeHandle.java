package dev.pronto.core.internal.exchange;

import dev.pronto.core.BodyListener;
import dev.pronto.core.BodyWriter;
import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.internal.content.Compressors;
import dev.pronto.core.internal.content.FileResponse;
import dev.pronto.core.internal.content.SseWriter;
import dev.pronto.router.Method;
import io.netty.buffer.ByteBuf;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.SocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * What user code receives for one request: the {@link Request} and the {@link Response} of one
 * generation of a pooled {@link Exchange}. A new handle is made per request (one small object), so
 * a handle kept past its exchange can be told apart from the request that reuses the exchange:
 * every call checks the generation, and a stale call throws {@code IllegalStateException} naming
 * the route instead of reading or answering someone else's request.
 */
public final class ExchangeHandle implements Request, Response, FileResponse {
    private final Exchange x;
    private final int gen;
    /** The matched route pattern, for messages about stale use; null before routing. */
    String route;

    ExchangeHandle(Exchange x, int gen) {
        this.x = x;
        this.gen = gen;
    }

    int generation() {
        return gen;
    }

    public Exchange exchange() {
        return x;
    }

    @Override
    public Compressors compressors() {
        return x.server.compressors();
    }

    /** For the static file server: a zero-copy file region with the current status and headers. */
    @Override
    public void sendFileRange(Path file, long offset, long length) {
        res().sendFileRange(this, file, offset, length);
    }

    /** For the static file server: {@code body} (owned by this call) as it is, no compression. */
    @Override
    public void sendPrepared(ByteBuf body) {
        if (!live()) {
            body.release();
            throw stale("response");
        }
        x.response.sendPrepared(this, body);
    }

    /** Whether this handle still belongs to its exchange's current generation. */
    boolean live() {
        return ExchangeState.generation(x.stamp()) == gen;
    }

    private ServerRequest req() {
        if (!live()) {
            throw stale("request");
        }
        return x.request;
    }

    private ServerResponse res() {
        ownStamp();
        return x.response;
    }

    /**
     * The exchange's stamp, when it is still this handle's generation. Callers take generation and
     * state from this one read: checked apart, a late call from another thread could pass the
     * generation check just before the event loop recycles the exchange, then find the next request
     * open and act on it (a stale 504 seen once in {@code ExchangeStressTest}).
     */
    private int ownStamp() {
        int s = x.stamp();
        if (ExchangeState.generation(s) != gen) {
            throw stale("response");
        }
        return s;
    }

    IllegalStateException stale(String what) {
        return new IllegalStateException("The " + what + (route == null ? "" : " of route " + route)
                + " was used after its exchange completed; it cannot act on a later request. "
                + "Send exactly once, and do not keep the request or response past the response.");
    }

    @Override
    public Response async() {
        // a late call sets nothing once its exchange has been answered (one read: see ownStamp)
        if (ExchangeState.open(ExchangeState.state(ownStamp()))) {
            x.asyncRequested = true;
        }
        return this;
    }

    @Override
    public void send() {
        res().send(this);
    }

    @Override
    public boolean sent() {
        return !live() || !ExchangeState.open(x.state());
    }

    @Override
    public Method method() {
        return req().method();
    }

    @Override
    public String protocol() {
        return req().protocol();
    }

    @Override
    public String uri() {
        return req().uri();
    }

    @Override
    public String rawPath() {
        return req().rawPath();
    }

    @Override
    public CharSequence peekRawPath() {
        return req().peekRawPath();
    }

    @Override
    public String path() {
        return req().path();
    }

    @Override
    public String rawQuery() {
        return req().rawQuery();
    }

    @Override
    public String query(String name) {
        return req().query(name);
    }

    @Override
    public List<String> queries(String name) {
        return req().queries(name);
    }

    @Override
    public Map<String, List<String>> queryParams() {
        return req().queryParams();
    }

    @Override
    public String param(String name) {
        return req().param(name);
    }

    @Override
    public String routePattern() {
        return req().routePattern();
    }

    @Override
    public String header(CharSequence name) {
        return req().header(name);
    }

    @Override
    public CharSequence peekHeader(CharSequence name) {
        return req().peekHeader(name);
    }

    @Override
    public List<String> headers(CharSequence name) {
        return req().headers(name);
    }

    @Override
    public List<String> headerNames() {
        return req().headerNames();
    }

    @Override
    public String cookie(String name) {
        return req().cookie(name);
    }

    @Override
    public Map<String, String> cookies() {
        return req().cookies();
    }

    @Override
    public SocketAddress remoteAddress() {
        return req().remoteAddress();
    }

    @Override
    public javax.net.ssl.SSLSession tlsSession() {
        return req().tlsSession();
    }

    @Override
    public long contentLength() {
        return req().contentLength();
    }

    @Override
    public ByteBuf body() {
        return req().body();
    }

    @Override
    public byte[] bodyBytes() {
        return req().bodyBytes();
    }

    @Override
    public String bodyString() {
        return req().bodyString();
    }

    @Override
    public InputStream bodyStream() {
        return req().bodyStream();
    }

    @Override
    public void onBody(BodyListener listener) {
        req().onBody(listener);
    }

    @Override
    public dev.pronto.core.FormFields form() {
        return req().form();
    }

    @Override
    public java.util.concurrent.CompletionStage<dev.pronto.core.FormData> multipart() {
        return req().multipart();
    }

    @Override
    public java.util.concurrent.CompletionStage<dev.pronto.core.FormData> multipart(dev.pronto.core.PartListener listener) {
        return req().multipart(listener);
    }

    @Override
    public void pauseBody() {
        req().pauseBody();
    }

    @Override
    public void resumeBody() {
        req().resumeBody();
    }

    @Override
    public void fail(Throwable cause) {
        java.util.Objects.requireNonNull(cause, "cause");
        Dispatch.completeWith(this, null, cause);
    }

    @Override
    public <T> T json(Class<T> type) {
        return req().json(type);
    }

    @Override
    public Object json(Type type) {
        return req().json(type);
    }

    @Override
    public Object attribute(String name) {
        return req().attribute(name);
    }

    @Override
    public void attribute(String name, Object value) {
        req().attribute(name, value);
    }

    @Override
    public boolean keepAlive() {
        return req().keepAlive();
    }

    @Override
    public long remainingNanos() {
        return req().remainingNanos();
    }

    @Override
    public Response status(int code) {
        x.response.status(ownStamp(), code);
        return this;
    }

    @Override
    public int status() {
        return res().status();
    }

    @Override
    public Response header(CharSequence name, CharSequence value) {
        x.response.header(ownStamp(), name, value);
        return this;
    }

    @Override
    public Response onCancel(Runnable action) {
        java.util.Objects.requireNonNull(action, "action");
        // a complete exchange is never cancelled; registering then could reach the next request
        if (ExchangeState.state(ownStamp()) != ExchangeState.COMPLETE) {
            x.onCancel(gen, action);
        }
        return this;
    }

    @Override
    public void forEachHeader(java.util.function.BiConsumer<String, String> action) {
        req().forEachHeader(action);
    }

    @Override
    public void peekEachHeader(java.util.function.BiConsumer<CharSequence, CharSequence> action) {
        req().peekEachHeader(action);
    }

    @Override
    public Response trailer(CharSequence name, CharSequence value) {
        x.response.trailer(ownStamp(), name, value);
        return this;
    }

    @Override
    public Response contentType(CharSequence value) {
        x.response.contentType(ownStamp(), value);
        return this;
    }

    @Override
    public void send(CharSequence body) {
        res().send(this, body);
    }

    @Override
    public void send(byte[] body) {
        res().send(this, body);
    }

    @Override
    public void send(ByteBuf body) {
        if (!live()) {
            // ownership moved here even though nothing can be sent (Response#send(ByteBuf))
            if (body != null) {
                body.release();
            }
            throw stale("response");
        }
        x.response.send(this, body);
    }

    @Override
    public void send(CompletionStage<?> stage) {
        res().send(this, stage);
    }

    @Override
    public void json(Object value) {
        res().json(this, value);
    }

    @Override
    public void redirect(String location) {
        x.response.redirect(this, ownStamp(), 302, location);
    }

    @Override
    public void redirect(int status, String location) {
        x.response.redirect(this, ownStamp(), status, location);
    }

    @Override
    public void sendFile(Path file) {
        res().sendFile(this, file);
    }

    @Override
    public BodyWriter stream() {
        return res().stream(this);
    }

    @Override
    public dev.pronto.core.EventStream sse() {
        String lastEventId = req().header("Last-Event-ID");
        contentType("text/event-stream; charset=utf-8");
        header("Cache-Control", "no-cache");
        // reverse proxies such as nginx would otherwise buffer the stream
        header("X-Accel-Buffering", "no");
        return new SseWriter(stream(), lastEventId);
    }

    @Override
    public String toString() {
        return live() ? x.request.toString() : "completed exchange" + (route == null ? "" : " of " + route);
    }
}
