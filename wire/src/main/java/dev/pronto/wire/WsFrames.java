package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;

/**
 * Unmasked, unfragmented data frames written straight into one buffer (RFC 6455 §5.2): header and
 * payload in a single allocation, where going through a frame object and the codec's encoder costs
 * a payload buffer, a second buffer for the encoded frame and a copy. Only for frames no extension
 * transforms and no mask covers, that is a server's frames without permessage-deflate.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsFrames {
    private static final int FIN_TEXT = 0x81;
    private static final int FIN_BINARY = 0x82;

    private WsFrames() {
    }

    /** A final text frame holding {@code text} as UTF-8. */
    public static ByteBuf text(ByteBufAllocator alloc, CharSequence text) {
        int length = ByteBufUtil.utf8Bytes(text);
        ByteBuf frame = header(alloc, FIN_TEXT, length);
        ByteBufUtil.reserveAndWriteUtf8(frame, text, length);
        return frame;
    }

    /** A final binary frame holding a copy of {@code data}. */
    public static ByteBuf binary(ByteBufAllocator alloc, byte[] data) {
        return header(alloc, FIN_BINARY, data.length).writeBytes(data);
    }

    private static ByteBuf header(ByteBufAllocator alloc, int first, int length) {
        int header = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
        ByteBuf frame = alloc.buffer(header + length);
        frame.writeByte(first);
        if (length < 126) {
            frame.writeByte(length);
        } else if (length <= 0xffff) {
            frame.writeByte(126).writeShort(length);
        } else {
            frame.writeByte(127).writeLong(length);
        }
        return frame;
    }
}
