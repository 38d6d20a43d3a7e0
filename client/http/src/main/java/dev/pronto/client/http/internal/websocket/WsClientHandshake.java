package dev.pronto.client.http.internal.websocket;

import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.core.internal.wsendpoint.WsEndpoint;
import dev.pronto.core.internal.wsendpoint.WsHost;
import dev.pronto.core.internal.wsendpoint.WsSession;
import dev.pronto.wire.WsHandshakes;
import dev.pronto.wire.WsRole;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import io.netty.util.ReferenceCountUtil;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The client's RFC 6455 opening handshake on a fresh connection: sends the upgrade request, checks
 * the 101 and its {@code Sec-WebSocket-Accept}, then hands the connection (and any frame bytes that
 * came with the 101) to the client's end of core's {@link WsEndpoint}. Event loop only. Public for the client's
 * dispatcher only; not API.
 */
public final class WsClientHandshake extends ChannelInboundHandlerAdapter {
    private static final int MAX_HEAD = 16 * 1024;
    /** The client keeps no connection tracking or counters: only blocking handlers' virtual threads. */
    private static final ExecutorService VIRTUAL = Executors.newVirtualThreadPerTaskExecutor();
    private static final WsHost HOST = () -> VIRTUAL;
    private final URI uri;
    private final WebSocketOptions options;
    private final WebSocketHandler handler;
    private final CompletableFuture<WebSocket> opened;
    private final String key;
    private final String offer;
    private ByteBuf head;
    /** What the server agreed in its 101, once checked. */
    private WebSocketExtension agreed;

    /**
     * A handshake for {@code uri} to put last in a fresh connection's pipeline; {@code opened} completes
     * with the session after a valid 101, or exceptionally with a {@link ClientException} when the
     * handshake fails or the connection closes first.
     */
    public WsClientHandshake(URI uri, WebSocketOptions options, WebSocketHandler handler, CompletableFuture<WebSocket> opened) {
        this.uri = uri;
        this.options = options;
        this.handler = handler;
        this.opened = opened;
        byte[] nonce = new byte[16];
        ThreadLocalRandom.current().nextBytes(nonce);
        this.key = Base64.getEncoder().encodeToString(nonce);
        this.offer = WsClientExtensions.offer(options);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (ctx.executor().isShuttingDown()) {
            // connected while the loop is torn down: a write would never complete and would leak
            ctx.close();
            return;
        }
        String target = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        String request = "GET " + target + " HTTP/1.1\r\nHost: " + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "")
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key
                + "\r\nSec-WebSocket-Version: 13\r\n"
                + (offer == null ? "" : "Sec-WebSocket-Extensions: " + offer + "\r\n") + "\r\n";
        ctx.writeAndFlush(ByteBufUtil.writeAscii(ctx.alloc(), request));
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf buf)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (head == null) {
            head = ctx.alloc().buffer(512);
        }
        head.writeBytes(buf);
        buf.release();
        int end = endOfHead();
        if (end < 0) {
            if (head.readableBytes() > MAX_HEAD) {
                fail(ctx, new ClientException("WebSocket handshake response head exceeds " + MAX_HEAD + " bytes"));
            }
            return;
        }
        String text = head.toString(head.readerIndex(), end - head.readerIndex(), StandardCharsets.ISO_8859_1);
        head.readerIndex(end + 4);
        String problem = check(text);
        if (problem != null) {
            fail(ctx, new ClientException(problem + " from " + uri));
            return;
        }
        WsEndpoint ws = new WsEndpoint(HOST, new WsEndpoint.Route(WsRole.CLIENT, handler, options, agreed),
                new WsSession(uri.toString(), Map.of(), new ConcurrentHashMap<>(4), ctx.channel().remoteAddress()));
        ctx.pipeline().addAfter(ctx.name(), "ws", ws);
        opened.complete(ws);
        ByteBuf rest = head;
        head = null;
        if (rest.isReadable()) {
            ctx.fireChannelRead(rest);
            ctx.fireChannelReadComplete();
        } else {
            rest.release();
        }
        ctx.pipeline().remove(this);
    }

    private int endOfHead() {
        for (int i = head.readerIndex(); i + 3 < head.writerIndex(); i++) {
            if (head.getByte(i) == '\r' && head.getByte(i + 1) == '\n' && head.getByte(i + 2) == '\r' && head.getByte(i + 3) == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Null when {@code text} is a valid 101 for our key and offer (noting the agreed extension), else what is wrong. */
    private String check(String text) {
        String[] lines = text.split("\r\n");
        if (!lines[0].startsWith("HTTP/1.1 101")) {
            return "WebSocket upgrade refused: " + lines[0];
        }
        String accept = null;
        String extensions = null;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = colon > 0 ? lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT) : "";
            String value = colon > 0 ? lines[i].substring(colon + 1).trim() : "";
            if (name.equals("sec-websocket-accept")) {
                accept = value;
            } else if (name.equals("sec-websocket-extensions")) {
                extensions = extensions == null ? value : extensions + ", " + value;
            }
        }
        if (accept == null) {
            return "Missing Sec-WebSocket-Accept";
        }
        if (!accept.equals(WsHandshakes.accept(key))) {
            return "Wrong Sec-WebSocket-Accept";
        }
        try {
            agreed = WsClientExtensions.answer(options, extensions);
            return null;
        } catch (IllegalArgumentException bad) {
            return "WebSocket upgrade not acceptable: " + bad.getMessage();
        }
    }

    private void fail(ChannelHandlerContext ctx, Throwable error) {
        opened.completeExceptionally(error);
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        opened.completeExceptionally(new ConnectionClosedException("connection closed during the WebSocket handshake with " + uri));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ctx, new ClientException("WebSocket handshake with " + uri + " failed", cause));
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (head != null) {
            head.release();
            head = null;
        }
    }
}
