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
 * (an unfragmented one is handed over without a copy), or each frame as a fragment. The codec has
 * already checked the fragment sequence and the UTF-8 of text. Event loop only.
 */
final class WsAssembler {
    private final int maxMessageSize;
    private final boolean fragments;
    private ByteBuf message;
    private boolean text;

    WsAssembler(int maxMessageSize, dev.pronto.core.WebSocketOptions.Messages mode) {
        this.maxMessageSize = maxMessageSize;
        this.fragments = mode == dev.pronto.core.WebSocketOptions.Messages.FRAGMENTS;
    }

    /** Delivers what {@code f} completes; false when the message grew past the limit (close with 1009). */
    boolean frame(WebSocketFrame f, ByteBufAllocator alloc, WsCallbacks callbacks) {
        boolean continuation = f instanceof ContinuationWebSocketFrame;
        if (!continuation) {
            text = f instanceof TextWebSocketFrame;
        }
        if (fragments) {
            callbacks.fragment(new WebSocketFragment(text, f.content(), f.isFinalFragment()));
            return true;
        }
        ByteBuf data = f.content();
        if (!continuation) {
            if (f.isFinalFragment()) {
                deliver(data, callbacks);
                return true;
            }
            message = alloc.buffer(Math.max(256, Math.min(maxMessageSize, 2 * data.readableBytes())));
        } else if (message == null) {
            return true; // the codec rejects a continuation outside a message; nothing to add it to
        }
        if (message.readableBytes() + data.readableBytes() > maxMessageSize) {
            release();
            return false;
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
        return true;
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
