package dev.pronto.wire;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;

/**
 * The frame codec in front of a WebSocket connection's handler, for either end.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class WsCodecs {
    private WsCodecs() {
    }

    /**
     * Installs Netty's encoder (it masks what a client sends; a server's ByteBuf frames pass through it)
     * and a decoder before {@code self}: Pronto's own without extensions (returned), else Netty's with the
     * permessage-deflate handlers (null returned). Netty's decoder reports violations to exceptionCaught
     * rather than writing its own close frame, which would overtake the sends held until the end of the
     * read batch. Event loop, once per connection.
     */
    public static WsDecoder install(ChannelPipeline p, String self, WsSettings s, WebSocketExtension deflate) {
        boolean client = s.role() == WsRole.CLIENT;
        p.addBefore(self, "ws-encoder", new WebSocket13FrameEncoder(client));
        if (deflate == null) {
            return new WsDecoder(s.role(), s.maxMessageSize());
        }
        WebSocketDecoderConfig config = WebSocketDecoderConfig.newBuilder()
                .maxFramePayloadLength(s.maxMessageSize()).expectMaskedFrames(!client).allowMaskMismatch(false)
                .allowExtensions(true).closeOnProtocolViolation(false).withUTF8Validator(false)
                .build();
        p.addBefore(self, "ws-decoder", new WebSocket13FrameDecoder(config));
        p.addBefore(self, "ws-deflate-decoder", deflate.newExtensionDecoder());
        p.addBefore(self, "ws-deflate-encoder", deflate.newExtensionEncoder());
        return null;
    }

    /** The {@link WsDecoder} opcode of a frame object from Netty's decoder. */
    public static int opcode(WebSocketFrame f) {
        return f instanceof TextWebSocketFrame ? WsDecoder.TEXT : f instanceof BinaryWebSocketFrame ? WsDecoder.BINARY
                : f instanceof PingWebSocketFrame ? WsDecoder.PING : f instanceof PongWebSocketFrame ? WsDecoder.PONG
                : f instanceof CloseWebSocketFrame ? WsDecoder.CLOSE : WsDecoder.CONTINUATION;
    }
}
