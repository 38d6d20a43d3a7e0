package dev.pronto.core.internal.exchange;

import dev.pronto.core.FormData;
import dev.pronto.core.FormLimits;
import dev.pronto.core.PartListener;
import dev.pronto.core.Request;
import dev.pronto.core.internal.form.MultipartCollector;
import dev.pronto.core.internal.form.UrlEncodedForm;
import dev.pronto.core.internal.util.AsciiView;
import dev.pronto.wire.Ascii;
import dev.pronto.core.internal.util.PercentDecoder;
import dev.pronto.router.Method;
import dev.pronto.router.Outcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/** The request side of an exchange: lazy, allocation-on-demand views over the parsed head. */
public final class ServerRequest implements Request {
    private final Exchange e;
    private final RequestHead h;

    ServerRequest(Exchange e) {
        this.e = e;
        this.h = e.head;
    }

    void clear() {
        // state lives in the head and exchange, which are reset by the decoder
    }

    @Override
    public Method method() {
        return h.method;
    }

    @Override
    public String protocol() {
        return h.http3 ? "HTTP/3.0" : h.http2 ? "HTTP/2.0" : h.http11 ? "HTTP/1.1" : "HTTP/1.0";
    }

    @Override
    public String uri() {
        return Ascii.string(h.bytes, h.targetStart, h.targetEnd - h.targetStart);
    }

    @Override
    public String rawPath() {
        return Ascii.string(h.bytes, h.pathStart, h.pathEnd - h.pathStart);
    }

    @Override
    public CharSequence peekRawPath() {
        return new AsciiView().set(h.bytes, h.pathStart, h.pathEnd - h.pathStart);
    }

    @Override
    public String path() {
        return PercentDecoder.path(h.bytes, h.pathStart, h.pathEnd, "path");
    }

    @Override
    public String rawQuery() {
        int qs = h.queryStart();
        return Ascii.string(h.bytes, qs, h.targetEnd - qs);
    }

    @Override
    public String query(String name) {
        return QueryParser.first(h.bytes, h.queryStart(), h.targetEnd, name);
    }

    @Override
    public List<String> queries(String name) {
        return QueryParser.all(h.bytes, h.queryStart(), h.targetEnd, name);
    }

    @Override
    public Map<String, List<String>> queryParams() {
        return QueryParser.map(h.bytes, h.queryStart(), h.targetEnd);
    }

    @Override
    public String param(String name) {
        if (e.outcome != Outcome.MATCHED) {
            return null;
        }
        int i = e.match.paramIndex(name);
        return i < 0 ? null : PercentDecoder.param(e.match, i);
    }

    @Override
    public String routePattern() {
        return e.outcome == Outcome.MATCHED ? e.match.pattern() : null;
    }

    @Override
    public String header(CharSequence name) {
        int i = h.find(name, 0);
        return i < 0 ? null : h.value(i);
    }

    @Override
    public CharSequence peekHeader(CharSequence name) {
        int i = h.find(name, 0);
        if (i < 0) {
            return null;
        }
        int s = h.fields[i * 4 + 2];
        return new AsciiView().set(h.bytes, s, h.fields[i * 4 + 3] - s);
    }

    @Override
    public List<String> headers(CharSequence name) {
        List<String> values = new ArrayList<>(1);
        for (int i = h.find(name, 0); i >= 0; i = h.find(name, i + 1)) {
            values.add(h.value(i));
        }
        return values;
    }

    @Override
    public List<String> headerNames() {
        List<String> names = new ArrayList<>(h.headerCount);
        for (int i = 0; i < h.headerCount; i++) {
            names.add(h.name(i));
        }
        return names;
    }

    @Override
    public String cookie(String name) {
        for (int i = h.find("cookie", 0); i >= 0; i = h.find("cookie", i + 1)) {
            String v = Cookies.find(h.bytes, h.fields[i * 4 + 2], h.fields[i * 4 + 3], name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    @Override
    public Map<String, String> cookies() {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = h.find("cookie", 0); i >= 0; i = h.find("cookie", i + 1)) {
            Cookies.collect(h.bytes, h.fields[i * 4 + 2], h.fields[i * 4 + 3], map);
        }
        return map;
    }

    @Override
    public SocketAddress remoteAddress() {
        return e.carrier.remoteAddress();
    }

    @Override
    public javax.net.ssl.SSLSession tlsSession() {
        return e.carrier.tlsSession();
    }

    @Override
    public long contentLength() {
        return h.chunked ? (e.body != null ? e.body.readableBytes() : -1) : Math.max(0, h.contentLength);
    }

    @Override
    public ByteBuf body() {
        if (e.stream != null) {
            throw new IllegalStateException("this route streams its body: read it with req.onBody(...) or req.bodyStream()");
        }
        return e.body != null ? e.body : Unpooled.EMPTY_BUFFER;
    }

    @Override
    public byte[] bodyBytes() {
        ByteBuf b = body();
        return ByteBufUtil.getBytes(b, b.readerIndex(), b.readableBytes());
    }

    @Override
    public String bodyString() {
        ByteBuf b = body();
        return b.toString(b.readerIndex(), b.readableBytes(), StandardCharsets.UTF_8);
    }

    @Override
    public InputStream bodyStream() {
        if (e.stream != null) {
            return e.stream.inputStream();
        }
        ByteBuf b = body();
        return new ByteBufInputStream(b.duplicate());
    }

    @Override
    public void forEachHeader(java.util.function.BiConsumer<String, String> action) {
        for (int i = 0; i < h.headerCount; i++) {
            action.accept(h.name(i), h.value(i));
        }
    }

    @Override
    public void peekEachHeader(java.util.function.BiConsumer<CharSequence, CharSequence> action) {
        AsciiView name = new AsciiView();
        AsciiView value = new AsciiView();
        for (int i = 0; i < h.headerCount; i++) {
            int[] f = h.fields;
            action.accept(name.set(h.bytes, f[i * 4], f[i * 4 + 1] - f[i * 4]),
                    value.set(h.bytes, f[i * 4 + 2], f[i * 4 + 3] - f[i * 4 + 2]));
        }
    }

    @Override
    public void onBody(dev.pronto.core.BodyListener listener) {
        java.util.Objects.requireNonNull(listener, "listener");
        if (e.stream == null) {
            if (e.route != null && e.route.streaming()) {
                // a request without a body (no Content-Length, no chunks): it ended empty
                try {
                    listener.onEnd();
                } catch (RuntimeException ex) {
                    throw ex;
                } catch (Exception ex) {
                    throw new java.util.concurrent.CompletionException(ex);
                }
                return;
            }
            throw new IllegalStateException("onBody needs a streaming route: register it with RouteOptions.streaming()");
        }
        e.stream.listen(listener);
    }

    @Override
    public void pauseBody() {
        streamed().pauseByConsumer();
    }

    @Override
    public void resumeBody() {
        streamed().resumeByConsumer();
    }

    @Override
    public dev.pronto.core.FormFields form() {
        return UrlEncodedForm.parse(body(), header("content-type"), formLimits());
    }

    @Override
    public CompletionStage<FormData> multipart() {
        return multipart(null);
    }

    @Override
    public CompletionStage<FormData> multipart(PartListener listener) {
        if (e.uploads != null) {
            throw new IllegalStateException("multipart() was already called for this request");
        }
        StreamingBody s = e.stream;
        MultipartCollector.Gate gate = s == null ? null : new MultipartCollector.Gate() {
            @Override
            public void pause() {
                s.pauseByConsumer();
            }

            @Override
            public void resume() {
                s.resumeByConsumer();
            }
        };
        MultipartCollector c = new MultipartCollector(header("content-type"), formLimits(), listener,
                new MultipartCollector.Channel(e.carrier.eventLoop(), e.carrier.alloc(), gate, e.server.uploads()));
        e.uploads = c::discard;
        if (s != null) {
            s.listen(c);
        } else {
            c.whole(body());
        }
        return c.result();
    }

    private FormLimits formLimits() {
        FormLimits route = e.route == null ? null : e.route.options().forms();
        return route != null ? route : FormLimits.defaults();
    }

    private StreamingBody streamed() {
        if (e.stream == null) {
            throw new IllegalStateException("pauseBody needs a streaming route: register it with RouteOptions.streaming()");
        }
        return e.stream;
    }

    @Override
    public <T> T json(Class<T> type) {
        return e.server.json().read(body(), type);
    }

    @Override
    public Object json(Type type) {
        return e.server.json().read(body(), type);
    }

    @Override
    public Object attribute(String name) {
        return e.attributes == null ? null : e.attributes.get(name);
    }

    @Override
    public void attribute(String name, Object value) {
        if (value == null) {
            if (e.attributes != null) {
                e.attributes.remove(name);
            }
            return;
        }
        if (e.attributes == null) {
            e.attributes = new java.util.HashMap<>(4);
        }
        e.attributes.put(name, value);
    }

    @Override
    public long remainingNanos() {
        long deadline = e.deadlineNanos;
        return deadline == 0 ? Long.MAX_VALUE : deadline - e.carrier.eventLoop().ticker().nanoTime();
    }

    @Override
    public boolean keepAlive() {
        return h.keepAlive() && !e.closeAfter;
    }

    @Override
    public String toString() {
        return h.method + " " + uri();
    }
}
