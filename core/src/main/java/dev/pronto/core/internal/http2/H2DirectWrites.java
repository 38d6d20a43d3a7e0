package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.Exchange;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2RemoteFlowController;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.util.AsciiString;

/**
 * The common HTTP/2 response, a head and a body that fits in one DATA frame within the flow-control
 * windows, and maybe trailers (gRPC's status), written as one buffer: HEADERS
 * ({@link H2HeaderBlock}), DATA, and the trailing HEADERS, the last frame with END_STREAM. Netty's
 * encoder would make four buffers per frame, as many outbound entries, promise aggregates and
 * flow-control queue entries for it. The stream and window bookkeeping the encoder does is done here through the
 * same public API: the stream is marked as having sent its headers and is closed locally, and the body's bytes are taken from the stream and connection send windows, so the flow
 * controller's view stays exact for the frames it still sends. Anything else (files, bodies
 * beyond a frame or the windows, header blocks beyond a frame, a peer that resized its HPACK table) is left to
 * {@link H2Writes} and Netty's encoder. Event loop only.
 */
final class H2DirectWrites {
    /** Bodies up to this size are copied behind the head; larger ones go out as a second buffer. */
    private static final int COPY_LIMIT = 4096;

    private H2DirectWrites() {
    }

    /**
     * Writes {@code e}'s whole response when it qualifies: the body is {@code out}, then the
     * {@code trailers} pairs (null: none). Ownership of {@code out} then moves here.
     *
     * @return the write that ends the stream, or null when nothing was written
     */
    static ChannelFuture whole(H2Connection conn, Exchange e, ByteBuf out, AsciiString[] trailers) {
        H2Slot slot = H2Slot.of(e);
        Http2Stream stream = conn.connection().stream(slot.streamId);
        if (!conn.ownsHeaderBlocks() || stream == null || stream.isHeadersSent()
                || !(stream.state() == Http2Stream.State.HALF_CLOSED_REMOTE || stream.state() == Http2Stream.State.OPEN)) {
            return null;
        }
        int n = out.readableBytes();
        Http2RemoteFlowController flow = conn.encoder().flowController();
        int maxFrame = conn.encoder().configuration().frameSizePolicy().maxFrameSize();
        if (n > 0 && (n > maxFrame || n > flow.windowSize(stream)
                || n > flow.windowSize(conn.connection().connectionStream()))) {
            return null;
        }
        int trailerBlock = trailers == null ? 0 : H2HeaderBlock.bound(trailers);
        if (trailerBlock > maxFrame) {
            return null;
        }
        AsciiString[] fields = H2Responses.fields(e, trailers);
        ByteBuf frames = conn.alloc().ioBuffer(capacity(fields) + (n <= COPY_LIMIT ? n : 0)
                + (trailers == null ? 0 : H2HeaderBlock.FRAME_HEADER + trailerBlock));
        if (!H2HeaderBlock.writeHeaders(frames, slot.streamId, e.response.status(), fields,
                n == 0 && trailers == null ? H2HeaderBlock.END_STREAM : 0, maxFrame)) {
            frames.release();
            return null;
        }
        return write(conn, stream, frames, out, trailers);
    }

    private static ChannelFuture write(H2Connection conn, Http2Stream stream, ByteBuf frames, ByteBuf out,
                                       AsciiString[] trailers) {
        ChannelHandlerContext ctx = conn.ctx();
        // A stream the client ended closes now, without a promise and a listener per response: the
        // frames are queued in order and a failed write fails the connection. Draining (GOAWAY sent)
        // and early answers wait for the write, since closing the last stream may close the channel
        // and an early answer's reset must follow its frames.
        boolean waitForWrite = stream.state() != Http2Stream.State.HALF_CLOSED_REMOTE
                || conn.connection().goAwaySent();
        ChannelPromise promise = waitForWrite ? ctx.newPromise() : ctx.voidPromise();
        int n = out.readableBytes();
        ByteBuf tail = frames;
        if (n == 0) {
            out.release();
        } else {
            consumeWindows(conn, stream, n);
            H2HeaderBlock.writeDataHeader(frames, stream.id(), n, trailers == null ? H2HeaderBlock.END_STREAM : 0);
            if (n <= COPY_LIMIT) {
                frames.writeBytes(out);
                out.release();
            } else {
                // a large body is not copied: head, body and (small) trailers go out as three buffers
                ctx.write(frames, ctx.voidPromise());
                tail = out;
                if (trailers != null) {
                    ctx.write(out, ctx.voidPromise());
                    tail = conn.alloc().ioBuffer(H2HeaderBlock.FRAME_HEADER + H2HeaderBlock.bound(trailers));
                }
            }
        }
        if (trailers != null) {
            H2HeaderBlock.writeTrailers(tail, stream.id(), trailers);
        }
        ctx.write(tail, promise);
        stream.headersSent(false);
        ChannelFuture done = waitForWrite ? promise : ctx.newSucceededFuture();
        conn.closeStreamLocal(stream, done);
        return done;
    }

    private static void consumeWindows(H2Connection conn, Http2Stream stream, int n) {
        Http2RemoteFlowController flow = conn.encoder().flowController();
        try {
            flow.incrementWindowSize(stream, -n);
            flow.incrementWindowSize(conn.connection().connectionStream(), -n);
        } catch (Http2Exception ex) {
            // a negative delta cannot overflow; only a positive one is checked
            throw new IllegalStateException(ex);
        }
    }

    private static int capacity(AsciiString[] fields) {
        int size = 2 * H2HeaderBlock.FRAME_HEADER + 8;
        for (AsciiString s : fields) {
            size += s.length() + 3;
        }
        return size;
    }
}
