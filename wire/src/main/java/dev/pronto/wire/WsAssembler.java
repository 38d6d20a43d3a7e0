package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * Turns data frames into the handler's messages: whole messages assembled up to {@code maxMessageSize}
 * (an unfragmented one is handed over without a copy), or each frame as a fragment, and validates the
 * UTF-8 of text frame by frame. The codec has already checked the fragment sequence. Event loop only.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsAssembler {
    /** What {@link #frame} returns when the frame was taken. */
    public static final int OK = 0;

    /** How messages reach the handler. */
    public enum Mode {
        /** Whole messages, assembled up to the size limit. */
        WHOLE,
        /** Each data frame as it arrives. */
        FRAGMENTS
    }

    /** Where assembled messages go; every buffer is borrowed for the call only. */
    public interface Messages {
        /** A whole text message. */
        void text(String text);

        /** A whole binary message. */
        void binary(ByteBuf data);

        /** One frame of a message in {@link Mode#FRAGMENTS}: text or binary, and whether it ends the message. */
        void fragment(ByteBuf data, boolean text, boolean last);
    }

    private final int maxMessageSize;
    private final boolean fragments;
    private final WsUtf8 utf8 = new WsUtf8();
    private ByteBuf message;
    private boolean text;

    /** An assembler of messages up to {@code maxMessageSize} bytes, delivered as {@code mode} says. */
    public WsAssembler(int maxMessageSize, Mode mode) {
        this.maxMessageSize = maxMessageSize;
        this.fragments = mode == Mode.FRAGMENTS;
    }

    /**
     * Delivers what the frame ({@link WsDecoder#TEXT}, {@code BINARY} or {@code CONTINUATION}, its
     * payload {@code data} borrowed for the call) completes; {@link #OK}, or the close code to fail the
     * connection with: 1007 for text that is not UTF-8, 1009 when the message grew past the limit.
     */
    public int frame(int opcode, ByteBuf data, boolean fin, ByteBufAllocator alloc, Messages callbacks) {
        boolean continuation = opcode == WsDecoder.CONTINUATION;
        if (!continuation) {
            text = opcode == WsDecoder.TEXT;
            utf8.reset();
        }
        if (text && (!utf8.feed(data) || fin && !utf8.complete())) {
            release();
            return 1007;
        }
        if (fragments) {
            // a view of its own: the handler may retain it beyond the call, the borrowed buffer moves on
            ByteBuf view = data.retainedSlice();
            try {
                callbacks.fragment(view, text, fin);
            } finally {
                view.release();
            }
            return OK;
        }
        if (!continuation) {
            if (fin) {
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
        if (fin) {
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

    private void deliver(ByteBuf data, Messages callbacks) {
        if (text) {
            callbacks.text(data.toString(StandardCharsets.UTF_8));
            return;
        }
        ByteBuf view = data.retainedSlice();
        try {
            callbacks.binary(view);
        } finally {
            view.release();
        }
    }

    /** Drops a partly assembled message. */
    public void release() {
        if (message != null) {
            message.release();
            message = null;
        }
    }
}
