package dev.pronto.core.internal.wsendpoint;

import dev.pronto.core.WebSocketFragment;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.wire.WsCallbackQueue;
import dev.pronto.wire.WsEvents;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ExecutorService;

/**
 * One connection's handler callbacks, either end's {@link WsEvents}, counted through its {@link WsHost}: run
 * inline on the event loop, or, for blocking handlers, in order on virtual threads through the wire
 * module's {@link WsCallbackQueue} (which also bounds a slow blocking handler's backlog).
 */
final class WsEndpointCallbacks implements WsEvents, WsCallbackQueue.Owner {
    private final WsEndpoint ws;
    private final WebSocketHandler handler;
    private final WsHost host;
    private final WsCallbackQueue queue;

    WsEndpointCallbacks(WsEndpoint ws, WebSocketHandler handler, ExecutorService executor, WsHost host) {
        this.ws = ws;
        this.host = host;
        this.handler = handler;
        this.queue = new WsCallbackQueue(this, executor);
    }

    void open() {
        queue.run(() -> handler.onOpen(ws));
    }

    @Override
    public void text(String text) {
        host.messageIn();
        if (queue.inline()) {
            // the echo hot path: no task object on the event loop
            try {
                handler.onText(ws, text);
            } catch (Throwable t) {
                failed(t);
            }
            return;
        }
        queue.run(() -> handler.onText(ws, text));
    }

    @Override
    public void binary(ByteBuf data) {
        host.messageIn();
        if (queue.inline()) {
            try {
                handler.onBinary(ws, data);
            } catch (Throwable t) {
                failed(t);
            }
            return;
        }
        queue.run(data, held -> handler.onBinary(ws, held));
    }

    @Override
    public void fragment(ByteBuf data, boolean text, boolean last) {
        if (last) {
            host.messageIn();
        }
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
        host.closedWith(code);
        queue.run(() -> handler.onClose(ws, code, reason));
    }

    @Override
    public void messageSent() {
        host.messageOut();
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
            // onError failing too changes nothing: the connection closes with 1011 below
        }
        ws.engine().callbackFailed();
    }
}
