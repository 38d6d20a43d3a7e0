package dev.pronto.core.internal;

import dev.pronto.core.WebSocketFragment;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;

/**
 * Turns data frames into the handler's messages: whole messages assembled up to {@code maxMessageSize}
 * (an unfragmented one is handed over without a copy), or each frame as a fragment, and validates the
 * UTF-8 of text frame by frame. The codec has already checked the fragment sequence. Event loop only.
 */
final class WsAssembler {
    /** What {@link #frame} returns when the frame was taken. */
    static final int OK = 0;
    private final int maxMessageSize;
    private final boolean fragments;
    private final WsUtf8 utf8 = new WsUtf8();
    private ByteBuf message;
    private boolean text;

    WsAssembler(int maxMessageSize, dev.pronto.core.WebSocketOptions.Messages mode) {
        this.maxMessageSize = maxMessageSize;
        this.fragments = mode == dev.pronto.core.WebSocketOptions.Messages.FRAGMENTS;
    }

    /**
     * Delivers what {@code f} completes; {@link #OK}, or the close code to fail the connection with:
     * 1007 for text that is not UTF-8, 1009 when the message grew past the limit.
     */
    int frame(WebSocketFrame f, ByteBufAllocator alloc, WsCallbacks callbacks) {
        boolean continuation = f instanceof ContinuationWebSocketFrame;
        if (!continuation) {
            text = f instanceof TextWebSocketFrame;
            utf8.reset();
        }
        if (text && (!utf8.feed(f.content()) || f.isFinalFragment() && !utf8.complete())) {
            release();
            return 1007;
        }
        if (fragments) {
            callbacks.fragment(new WebSocketFragment(text, f.content(), f.isFinalFragment()));
            return OK;
        }
        ByteBuf data = f.content();
        if (!continuation) {
            if (f.isFinalFragment()) {
                deliver(data, callbacks);
                return OK;
            }
            message = alloc.buffer(Math.max(256, Math.min(maxMessageSize, 2 * data.readableBytes())));
        } else if (message == null) {
            return OK; // the codec rejects a continuation outside a message; nothing to add it to
        }
        if (message.readableBytes() + data.readableBytes() > maxMessageSize) {
            release();
            return 1009;
        }
        message.writeBytes(data);
        if (f.isFinalFragment()) {
            ByteBuf whole = message;
            message = null;
            try {
                deliver(whole, callbacks);
            } finally {
                whole.release();
            }
        }
        return OK;
    }

    private void deliver(ByteBuf data, WsCallbacks callbacks) {
        if (text) {
            callbacks.text(data.toString(StandardCharsets.UTF_8));
        } else {
            callbacks.binary(data);
        }
    }

    void release() {
        if (message != null) {
            message.release();
            message = null;
        }
    }
}
