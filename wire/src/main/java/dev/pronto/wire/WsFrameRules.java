package dev.pronto.wire;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;

/**
 * The RFC 6455 rules {@link WsDecoder} applies to a frame header and a close body, as messages for the
 * close frame (null when the frame is fine). Kept apart so the parser reads as a parser.
 */
final class WsFrameRules {
    /** How a close body with a reason that is not UTF-8 is reported (1007 rather than 1002). */
    static final String INVALID_UTF8 = "Invalid UTF-8";

    private WsFrameRules() {
    }

    /**
     * Checks the first header byte {@code b0}, the masking, the 7-bit length field {@code len7} and the
     * decoded {@code length} against the state of fragmentation (no extension is negotiated, so no
     * reserved bit may be set).
     */
    static String check(int b0, boolean maskAsExpected, int len7, long length, boolean fragmented) {
        int opcode = b0 & 0x0f;
        if ((b0 & 0x70) != 0) {
            return "RSV != 0 and no extension negotiated, RSV:" + ((b0 & 0x70) >> 4);
        }
        if (!maskAsExpected) {
            return "received a frame that is not masked as expected";
        }
        if (opcode > WsDecoder.BINARY && opcode < WsDecoder.CLOSE || opcode > WsDecoder.PONG) {
            return "data frame using reserved opcode " + opcode;
        }
        if (opcode >= WsDecoder.CLOSE) {
            if ((b0 & 0x80) == 0) {
                return "fragmented control frame";
            }
            if (length > 125) {
                return "control frame with payload length > 125 octets";
            }
            if (opcode == WsDecoder.CLOSE && length == 1) {
                return "received close control frame with payload len 1";
            }
            return null;
        }
        if (opcode == WsDecoder.CONTINUATION && !fragmented) {
            return "received continuation data frame outside fragmented message";
        }
        if (opcode != WsDecoder.CONTINUATION && fragmented) {
            return "received non-continuation data frame while inside fragmented message";
        }
        if (len7 == 126 && length < 126 || len7 == 127 && (length < 0x10000 || length < 0)) {
            return "invalid data frame length (not using minimal length encoding)";
        }
        return null;
    }

    /** A close body {@code [start, end)}: a valid status code (RFC 6455 §7.4) and a UTF-8 reason. */
    static String closeBody(ByteBuf buf, int start, int end) {
        if (end - start < 2) {
            return null;
        }
        int code = buf.getUnsignedShort(start);
        if (!WebSocketCloseStatus.isValidStatusCode(code)) {
            return "Invalid close frame status code: " + code;
        }
        WsUtf8 utf8 = new WsUtf8();
        if (!utf8.feed(buf.slice(start + 2, end - start - 2)) || !utf8.complete()) {
            return INVALID_UTF8 + " in the close reason";
        }
        return null;
    }
}
