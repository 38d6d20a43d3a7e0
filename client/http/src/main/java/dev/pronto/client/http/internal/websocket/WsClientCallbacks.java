package dev.pronto.client.http.internal.websocket;

import dev.pronto.core.WebSocketFragment;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.WsCallbackQueue;
import dev.pronto.wire.WsEvents;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One client WebSocket's handler callbacks, the client's end of {@link WsEvents}: run inline on
 * the event loop, or, for blocking options, in order on virtual threads through the wire module's
 * {@link WsCallbackQueue} (which also bounds a slow blocking handler's backlog).
 */
final class WsClientCallbacks implements WsEvents, WsCallbackQueue.Owner {
    private static final ExecutorService VIRTUAL = Executors.newVirtualThreadPerTaskExecutor();

    private final WsClientConnection ws;
    private final WebSocketHandler handler;
    private final WsCallbackQueue queue;

    WsClientCallbacks(WsClientConnection ws, WebSocketHandler handler, WebSocketOptions options) {
        this.ws = ws;
        this.handler = handler;
        this.queue = new WsCallbackQueue(this, options.isBlocking() ? VIRTUAL : null);
    }

    void open() {
        queue.run(() -> handler.onOpen(ws));
    }

    @Override
    public void text(String text) {
        queue.run(() -> handler.onText(ws, text));
    }

    @Override
    public void binary(ByteBuf data) {
        queue.run(data, held -> handler.onBinary(ws, held));
    }

    @Override
    public void fragment(ByteBuf data, boolean text, boolean last) {
        queue.run(data, held -> handler.onFragment(ws, new WebSocketFragment(text, held, last)));
    }

    @Override
    public void ping(ByteBuf data) {
        queue.run(data, held -> handler.onPing(ws, held));
    }

    @Override
    public void pong(ByteBuf data) {
        queue.run(data, held -> handler.onPong(ws, held));
    }

    @Override
    public void closed(int code, String reason) {
        queue.run(() -> handler.onClose(ws, code, reason));
    }

    @Override
    public void messageSent() {
        // the client keeps no message counters
    }

    @Override
    public void backpressure() {
        ws.checkWritable();
    }

    @Override
    public void writable(Runnable callback) {
        queue.run(callback);
    }

    @Override
    public void onLoop(Runnable task) {
        ws.engine().onLoop(task);
    }

    @Override
    public void pauseReading() {
        ws.pauseForHandler();
    }

    @Override
    public void resumeReading() {
        ws.resumeForHandler();
    }

    @Override
    public void failed(Throwable error) {
        try {
            handler.onError(ws, error);
        } catch (Throwable ignored) {
            // onError failing too changes nothing: the connection closes with 1011
        }
        ws.engine().callbackFailed();
    }
}
