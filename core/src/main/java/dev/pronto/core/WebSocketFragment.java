package dev.pronto.core;

import io.netty.buffer.ByteBuf;

/**
 * One frame of a message, delivered by {@link WebSocketHandler#onFragment} to routes that take
 * messages as fragments. Text fragments are not split at character boundaries: decode the whole
 * message, or use a streaming UTF-8 decoder.
 *
 * @param text whether the message is a text message (else binary)
 * @param data the payload, borrowed: valid during the callback only
 * @param last whether this fragment ends its message
 */
public record WebSocketFragment(boolean text, ByteBuf data, boolean last) {
}
