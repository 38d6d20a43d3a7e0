package dev.pronto.core.internal.websocket;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketFragment;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.internal.server.ProtocolCounters;
import dev.pronto.wire.WsAssembler;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one connection's handler callbacks: inline on the event loop, or, for blocking routes, one at
 * a time in order on virtual threads. A backlog of more than {@link #MAX_BACKLOG} callbacks stops
 * reading the connection until it is half drained, so a slow blocking handler bounds memory too.
 * Borrowed buffers are retained for the hop to a virtual thread and released after the callback.
 */
final class WsCallbacks implements WsAssembler.Messages {
    private static final int MAX_BACKLOG = 32;

    private final WsConnection ws;
    private final WebSocketHandler handler;
    private final ExecutorService executor;
    private final ProtocolCounters counters;
    private final ConcurrentLinkedQueue<Runnable> tasks;
    private final AtomicInteger pending = new AtomicInteger();
    private boolean paused;

    WsCallbacks(WsConnection ws, WebSocketHandler handler, ExecutorService executor, ProtocolCounters counters) {
        this.ws = ws;
        this.counters = counters;
        this.handler = handler;
        this.executor = executor;
        this.tasks = executor == null ? null : new ConcurrentLinkedQueue<>();
    }

    void open() {
        run(() -> handler.onOpen(ws));
    }

    @Override
    public void text(String text) {
        counters.messageIn();
        if (executor == null) {
            // the echo hot path: no task object on the event loop
            try {
                handler.onText(ws, text);
            } catch (Throwable t) {
                failed(t);
            }
            return;
        }
        run(() -> handler.onText(ws, text));
    }

    @Override
    public void binary(ByteBuf data) {
        counters.messageIn();
        if (executor == null) {
            try {
                handler.onBinary(ws, data);
            } catch (Throwable t) {
                failed(t);
            }
            return;
        }
        ByteBuf held = borrow(data);
        run(() -> {
            try {
                handler.onBinary(ws, held);
            } finally {
                giveBack(held);
            }
        });
    }

    @Override
    public void fragment(ByteBuf data, boolean text, boolean last) {
        fragment(new WebSocketFragment(text, data, last));
    }

    private void fragment(WebSocketFragment f) {
        if (f.last()) {
            counters.messageIn();
        }
        ByteBuf held = borrow(f.data());
        WebSocketFragment mine = held == f.data() ? f : new WebSocketFragment(f.text(), held, f.last());
        run(() -> {
            try {
                handler.onFragment(ws, mine);
            } finally {
                giveBack(held);
            }
        });
    }

    void ping(ByteBuf data) {
        ByteBuf held = borrow(data);
        run(() -> {
            try {
                handler.onPing(ws, held);
            } finally {
                giveBack(held);
            }
        });
    }

    void pong(ByteBuf data) {
        ByteBuf held = borrow(data);
        run(() -> {
            try {
                handler.onPong(ws, held);
            } finally {
                giveBack(held);
            }
        });
    }

    void close(int code, String reason) {
        run(() -> handler.onClose(ws, code, reason));
    }

    void writable(Runnable callback) {
        run(callback);
    }

    /** Inline, the caller's buffer is valid for the call; on a virtual thread it needs its own reference. */
    private ByteBuf borrow(ByteBuf data) {
        return executor == null ? data : data.retainedDuplicate();
    }

    private void giveBack(ByteBuf held) {
        if (executor != null) {
            held.release();
        }
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
            // the server is stopping: run what is queued here, so borrowed buffers are released
            drain();
        }
    }

    /** One virtual thread at a time per connection runs the queued callbacks in order. */
    private void drain() {
        do {
            invoke(tasks.poll());
            int left = pending.get() - 1;
            if (left == MAX_BACKLOG / 2) {
                ws.eventLoop().execute(this::resumed);
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
            failed(t);
        }
    }

    private void failed(Throwable t) {
        try {
            handler.onError(ws, t);
        } catch (Throwable ignored) {
            // onError failing too changes nothing: the connection closes with 1011 below
        }
        ws.callbackFailed(t);
    }
}
