package dev.pronto.client.http.internal.websocket;

import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.WsDecoder;
import dev.pronto.wire.WsRole;
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

/** The frame codec of a client WebSocket connection, in front of its {@link WsClientConnection}. */
final class WsClientFrames {
    private WsClientFrames() {
    }

    /**
     * Installs Netty's encoder (it masks every frame the client sends) and a decoder before {@code self}:
     * the wire module's parser without extensions (returned), else Netty's with the permessage-deflate
     * handlers (null returned). Netty's decoder reports violations to exceptionCaught rather than writing
     * a close frame of its own.
     */
    static WsDecoder install(ChannelPipeline p, String self, WebSocketOptions o, WebSocketExtension deflate) {
        p.addBefore(self, "ws-encoder", new WebSocket13FrameEncoder(true));
        if (deflate == null) {
            return new WsDecoder(WsRole.CLIENT, o.maxMessageSize());
        }
        WebSocketDecoderConfig config = WebSocketDecoderConfig.newBuilder()
                .maxFramePayloadLength(o.maxMessageSize()).expectMaskedFrames(false).allowMaskMismatch(false)
                .allowExtensions(true).closeOnProtocolViolation(false).withUTF8Validator(false)
                .build();
        p.addBefore(self, "ws-decoder", new WebSocket13FrameDecoder(config));
        p.addBefore(self, "ws-deflate-decoder", deflate.newExtensionDecoder());
        p.addBefore(self, "ws-deflate-encoder", deflate.newExtensionEncoder());
        return null;
    }

    /** The opcode of a frame object from Netty's decoder. */
    static int opcode(WebSocketFrame f) {
        return f instanceof TextWebSocketFrame ? WsDecoder.TEXT : f instanceof BinaryWebSocketFrame ? WsDecoder.BINARY
                : f instanceof PingWebSocketFrame ? WsDecoder.PING : f instanceof PongWebSocketFrame ? WsDecoder.PONG
                : f instanceof CloseWebSocketFrame ? WsDecoder.CLOSE : WsDecoder.CONTINUATION;
    }
}
