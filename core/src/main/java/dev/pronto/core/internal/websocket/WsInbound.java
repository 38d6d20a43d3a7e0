package dev.pronto.core.internal.websocket;

import dev.pronto.core.WebSocketOptions;
import dev.pronto.wire.WsAssembler;
import dev.pronto.wire.WsDecoder;
import dev.pronto.wire.WsRole;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtension;
import java.nio.charset.StandardCharsets;

/**
 * A WebSocket connection's way in: installs the frame codec, then turns what arrives (the socket's
 * bytes through {@link WsDecoder}, or Netty's frame objects where permessage-deflate needs its codec)
 * into messages for the handler, pongs, and the peer's close for {@link WsConnection}'s state machine.
 * Event loop only.
 */
final class WsInbound implements WsDecoder.Sink {
    private final WsConnection conn;
    private final WsAssembler assembler;
    private final WsCallbacks callbacks;
    private final ChannelHandlerContext ctx;
    /** Pronto's own frame parser, or null where Netty's codec decodes (permessage-deflate). */
    private final WsDecoder decoder;

    WsInbound(WsConnection conn, WsCallbacks callbacks, ChannelHandlerContext ctx, WsConnection.Route route) {
        this.conn = conn;
        this.callbacks = callbacks;
        this.ctx = ctx;
        WebSocketOptions o = route.options();
        this.assembler = new WsAssembler(o.maxMessageSize(),
                o.messages() == WebSocketOptions.Messages.FRAGMENTS ? WsAssembler.Mode.FRAGMENTS : WsAssembler.Mode.WHOLE);
        this.decoder = install(ctx.pipeline(), ctx.name(), route);
    }

    /**
     * The frame encoder (for the frame objects of control frames and deflate) and
     * the decoder: Pronto's own without extensions (returned), else Netty's with its permessage-deflate
     * handlers (null returned). Netty's decoder reports violations to exceptionCaught rather than writing
     * its own close frame, which would overtake the sends held until the end of the read batch.
     */
    private static WsDecoder install(ChannelPipeline p, String self, WsConnection.Route route) {
        WebSocketOptions o = route.options();
        p.addBefore(self, "ws-encoder", new WebSocket13FrameEncoder(false));
        WebSocketExtension deflate = route.deflate();
        if (deflate == null) {
            return new WsDecoder(WsRole.SERVER, o.maxMessageSize());
        }
        WebSocketDecoderConfig config = WebSocketDecoderConfig.newBuilder()
                .maxFramePayloadLength(o.maxMessageSize()).expectMaskedFrames(true).allowMaskMismatch(false)
                .allowExtensions(true).closeOnProtocolViolation(false).withUTF8Validator(false)
                .build();
        p.addBefore(self, "ws-decoder", new WebSocket13FrameDecoder(config));
        p.addBefore(self, "ws-deflate-decoder", deflate.newExtensionDecoder());
        p.addBefore(self, "ws-deflate-encoder", deflate.newExtensionEncoder());
        return null;
    }

    /** What the channel read: bytes for the decoder or a frame from Netty's codec. Takes ownership. */
    void read(Object msg) {
        if (decoder != null && msg instanceof ByteBuf bytes) {
            decoder.decode(bytes, ctx.alloc(), this);
        } else if (msg instanceof WebSocketFrame frame) {
            try {
                codecFrame(frame);
            } finally {
                frame.release();
            }
        } else {
            io.netty.util.ReferenceCountUtil.release(msg);
        }
    }

    private void codecFrame(WebSocketFrame f) {
        int opcode = f instanceof TextWebSocketFrame ? WsDecoder.TEXT : f instanceof BinaryWebSocketFrame ? WsDecoder.BINARY
                : f instanceof PingWebSocketFrame ? WsDecoder.PING : f instanceof PongWebSocketFrame ? WsDecoder.PONG
                : f instanceof CloseWebSocketFrame ? WsDecoder.CLOSE : WsDecoder.CONTINUATION;
        if (opcode >= WsDecoder.CLOSE) {
            control(opcode, f.content());
        } else {
            data(opcode, f.content(), f.isFinalFragment());
        }
    }

    @Override
    public void data(int opcode, ByteBuf payload, boolean fin) {
        if (!conn.acceptsData()) {
            return; // data after our close frame is discarded (RFC 6455 §5.5.1)
        }
        int failed = assembler.frame(opcode, payload, fin, ctx.alloc(), callbacks);
        if (failed == WebSocketCloseStatus.INVALID_PAYLOAD_DATA.code()) {
            conn.failConnection(WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "Invalid UTF-8 in a text message");
        } else if (failed != WsAssembler.OK) {
            conn.closeWith(WebSocketCloseStatus.MESSAGE_TOO_BIG.code(), "Message exceeds maxMessageSize");
        }
    }

    @Override
    public void control(int opcode, ByteBuf payload) {
        if (opcode == WsDecoder.PING) {
            if (conn.acceptsData()) {
                conn.writeControl(new PongWebSocketFrame(payload.retainedDuplicate()));
            }
            callbacks.ping(payload);
        } else if (opcode == WsDecoder.PONG) {
            callbacks.pong(payload);
        } else if (payload.readableBytes() < 2) {
            conn.peerClosed(WebSocketCloseStatus.EMPTY.code(), "", true);
        } else {
            int at = payload.readerIndex();
            String reason = payload.toString(at + 2, payload.readableBytes() - 2, StandardCharsets.UTF_8);
            conn.peerClosed(payload.getUnsignedShort(at), reason, false);
        }
    }

    @Override
    public void violation(WebSocketCloseStatus status, String why) {
        conn.failConnection(status, why);
    }

    /** No message will complete: drops a partly assembled one. */
    void stop() {
        assembler.release();
    }

    /** The connection is gone: drops partial messages and frames. */
    void release() {
        assembler.release();
        if (decoder != null) {
            decoder.release();
        }
    }
}
