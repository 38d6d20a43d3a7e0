package dev.pronto.client.http.internal.websocket;

import dev.pronto.core.WebSocketFragment;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.WsAssembler;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs one client WebSocket's handler callbacks: inline on the event loop, or, for blocking options,
 * one at a time in order on virtual threads. A backlog of more than {@link #MAX_BACKLOG} callbacks stops
 * reading until it is half drained, so a slow blocking handler bounds memory. Borrowed buffers are
 * retained for the hop to a virtual thread and released after the callback.
 */
final class WsClientCallbacks implements WsAssembler.Messages {
    private static final int MAX_BACKLOG = 32;
    private static final ExecutorService VIRTUAL = Executors.newVirtualThreadPerTaskExecutor();

    private final WsClientConnection ws;
    private final WebSocketHandler handler;
    private final ExecutorService executor;
    private final ConcurrentLinkedQueue<Runnable> tasks;
    private final AtomicInteger pending = new AtomicInteger();
    private boolean paused;

    WsClientCallbacks(WsClientConnection ws, WebSocketHandler handler, WebSocketOptions options) {
        boolean blocking = options.isBlocking();
        this.ws = ws;
        this.handler = handler;
        this.executor = blocking ? VIRTUAL : null;
        this.tasks = blocking ? new ConcurrentLinkedQueue<>() : null;
    }

    void open() {
        run(() -> handler.onOpen(ws));
    }

    @Override
    public void text(String text) {
        run(() -> handler.onText(ws, text));
    }

    @Override
    public void binary(ByteBuf data) {
        borrowed(data, held -> handler.onBinary(ws, held));
    }

    @Override
    public void fragment(ByteBuf data, boolean text, boolean last) {
        borrowed(data, held -> handler.onFragment(ws, new WebSocketFragment(text, held, last)));
    }

    void ping(ByteBuf data) {
        borrowed(data, held -> handler.onPing(ws, held));
    }

    void pong(ByteBuf data) {
        borrowed(data, held -> handler.onPong(ws, held));
    }

    void close(int code, String reason) {
        run(() -> handler.onClose(ws, code, reason));
    }

    void writable(Runnable callback) {
        run(callback);
    }

    /** Inline, the caller's buffer is valid for the call; on a virtual thread it needs its own reference. */
    private void borrowed(ByteBuf data, Consumer<ByteBuf> callback) {
        if (executor == null) {
            invoke(() -> callback.accept(data));
            return;
        }
        ByteBuf held = data.retainedDuplicate();
        run(() -> {
            try {
                callback.accept(held);
            } finally {
                held.release();
            }
        });
    }

    private void run(Runnable callback) {
        if (executor == null) {
            invoke(callback);
            return;
        }
        tasks.add(callback);
        int backlog = pending.incrementAndGet();
        if (backlog == 1) {
            start();
        } else if (backlog > MAX_BACKLOG && !paused) {
            paused = true;
            ws.pauseForHandler();
        }
    }

    private void start() {
        try {
            executor.execute(this::drain);
        } catch (RejectedExecutionException stopping) {
            drain(); // runs what is queued here, so borrowed buffers are released
        }
    }

    /** One virtual thread at a time per connection runs the queued callbacks in order. */
    private void drain() {
        do {
            invoke(tasks.poll());
            if (pending.get() - 1 == MAX_BACKLOG / 2) {
                ws.onLoop(this::resumed);
            }
        } while (pending.decrementAndGet() > 0);
    }

    private void resumed() {
        if (paused) {
            paused = false;
            ws.resumeForHandler();
        }
    }

    private void invoke(Runnable callback) {
        try {
            callback.run();
        } catch (Throwable t) {
            try {
                handler.onError(ws, t);
            } catch (Throwable ignored) {
                // onError failing too changes nothing: the connection closes with 1011
            }
            ws.callbackFailed();
        }
    }
}
