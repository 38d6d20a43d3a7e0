package dev.pronto.core.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * One request over httpteleport for {@link TestClient}: the 15-byte handshake declaring no compression and
 * no TLS, then message id 1 and the HTTP/1.1 request; completes with the response behind id 1. Written
 * from the wire description (httpteleport's fastrpc framing), not from the server's encoder, so the
 * matrix checks the server against an independent reading of the format.
 */
final class TeleportExchange extends ChannelInboundHandlerAdapter {
    /** Sniff header {@code httpteleport}, protocol version 0, compression none (1), TLS flag 0. */
    private static final byte[] HANDSHAKE = {'h', 't', 't', 'p', 't', 'e', 'l', 'e', 'p', 'o', 'r', 't', 0, 1, 0};
    private static final int ID = 1;
    final CompletableFuture<TestResponse> done = new CompletableFuture<>();
    private final ByteBuf request;
    private final ResponseReader.Body expected;
    private final ByteBuf received = Unpooled.buffer();

    /**
     * {@code http1Request} is one HTTP/1.1 request, answered with the body {@code expected} says; this exchange
     * releases it once written.
     */
    TeleportExchange(ByteBuf http1Request, ResponseReader.Body expected) {
        this.request = http1Request;
        this.expected = expected;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        // fastrpc ids are little-endian uint32; a client's first id on a connection is 1
        ByteBuf frame = Unpooled.buffer(HANDSHAKE.length + 4 + request.readableBytes()).writeBytes(HANDSHAKE)
                .writeIntLE(ID).writeBytes(request);
        request.release();
        ctx.writeAndFlush(frame);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf b) {
            received.writeBytes(b);
            b.release();
        }
        parse(false);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        parse(true);
        fail("connection closed before the response ended (" + received.readableBytes() + " bytes unread)");
        received.release();
    }

    void fail(String why) {
        done.completeExceptionally(new IllegalStateException(why));
    }

    private void parse(boolean eof) {
        if (done.isDone() || received.readableBytes() < HANDSHAKE.length + 4) {
            return;
        }
        String sniff = received.toString(0, 12, StandardCharsets.ISO_8859_1);
        if (!"httpteleport".equals(sniff) || received.getByte(12) != 0 || received.getByte(13) != 1
                || received.getByte(14) != 0) {
            fail("unexpected handshake reply " + io.netty.buffer.ByteBufUtil.hexDump(received, 0, HANDSHAKE.length));
            return;
        }
        int id = received.getIntLE(HANDSHAKE.length);
        if (id != ID) {
            fail("response id " + id + ", expected " + ID);
            return;
        }
        // the response must frame itself (Content-Length or chunked): read-to-close is not teleport framing
        ByteBuf message = received.slice(HANDSHAKE.length + 4, received.readableBytes() - HANDSHAKE.length - 4);
        TestResponse response = ResponseReader.next(message, expected, false);
        if (response != null) {
            done.complete(response);
        } else if (eof) {
            fail("no complete teleport response before the connection closed");
        }
    }
}
