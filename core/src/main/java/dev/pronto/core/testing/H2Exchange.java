package dev.pronto.core.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** One request over HTTP/2 with prior knowledge (h2c), for {@link TestClient}: stream 3, then done. */
final class H2Exchange extends Http2EventAdapter {
    private static final int STREAM = 3;
    final CompletableFuture<TestResponse> done = new CompletableFuture<>();
    private final List<Map.Entry<String, String>> headers = new ArrayList<>();
    private final List<Map.Entry<String, String>> trailers = new ArrayList<>();
    private final ByteBuf body = Unpooled.buffer();
    private int status;

    /** The client-side connection handler that delivers frames to this exchange. */
    Http2ConnectionHandler handler() {
        return new Http2ConnectionHandlerBuilder().server(false).frameListener(this).initialSettings(Http2Settings.defaultSettings())
                .build();
    }

    /** Writes the request on {@code ctx}'s connection once it is active. */
    static void write(Http2ConnectionHandler h, ChannelHandlerContext ctx, Request request) {
        Http2Headers headers = new DefaultHttp2Headers().method(request.method()).path(request.uri()).scheme("http")
                .authority("test");
        request.headers().forEach((k, v) -> headers.add(k.toLowerCase(java.util.Locale.ROOT), v));
        byte[] payload = request.body() == null ? null : request.body().getBytes(StandardCharsets.UTF_8);
        if (payload != null) {
            headers.setInt("content-length", payload.length);
        }
        h.encoder().writeHeaders(ctx, STREAM, headers, 0, payload == null, ctx.newPromise());
        if (payload != null) {
            h.encoder().writeData(ctx, STREAM, Unpooled.wrappedBuffer(payload), 0, true, ctx.newPromise());
        }
        try {
            // the handler's own flush: it writes the DATA its flow controller holds; ctx.flush()
            // would start below the handler and leave that DATA queued
            h.flush(ctx);
        } catch (Exception e) {
            throw new IllegalStateException("cannot flush the request", e);
        }
    }

    /** What to send. */
    record Request(String method, String uri, Map<String, String> headers, String body) {
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers h, int padding, boolean endOfStream) {
        boolean trailing = status != 0;
        if (status == 0 && h.status() != null) {
            status = Integer.parseInt(h.status().toString());
        }
        List<Map.Entry<String, String>> into = trailing ? trailers : headers;
        h.forEach(e -> {
            if (e.getKey().charAt(0) != ':') {
                into.add(new AbstractMap.SimpleImmutableEntry<>(e.getKey().toString(), e.getValue().toString()));
            }
        });
        if (endOfStream) {
            finish();
        }
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers h, int streamDependency,
                              short weight, boolean exclusive, int padding, boolean endOfStream) {
        onHeadersRead(ctx, streamId, h, padding, endOfStream);
    }

    @Override
    public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
        int n = data.readableBytes() + padding;
        body.writeBytes(data);
        if (endOfStream) {
            finish();
        }
        return n;
    }

    @Override
    public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
        fail("stream reset with error " + errorCode);
    }

    void fail(String why) {
        if (!done.isDone()) {
            body.release();
            done.completeExceptionally(new AssertionError(why));
        }
    }

    private void finish() {
        byte[] bytes = new byte[body.readableBytes()];
        body.readBytes(bytes);
        body.release();
        done.complete(new TestResponse("HTTP/2.0", status, headers, bytes, trailers));
    }
}
