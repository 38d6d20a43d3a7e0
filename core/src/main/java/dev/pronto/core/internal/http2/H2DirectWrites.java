package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ResponseBody;
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
    private H2DirectWrites() {
    }

    /**
     * Writes {@code e}'s whole response when it qualifies, encoding or copying {@code body}'s bytes
     * straight behind the head (null: no body bytes, as for HEAD); the caller has checked that
     * {@link ResponseBody#writeTo} copies all of them. Nothing is taken from {@code body}.
     *
     * @return the write that ends the stream, or null when nothing was written
     */
    static ChannelFuture copied(H2Connection conn, Exchange e, ResponseBody body, AsciiString[] trailers) {
        int n = body == null ? 0 : (int) body.length();
        Http2Stream stream = fits(conn, e, n, trailers);
        ByteBuf frames = stream == null ? null : headers(conn, e, n, trailers);
        if (frames == null) {
            return null;
        }
        if (n > 0) {
            dataHeader(conn, stream, frames, n, trailers);
            body.writeToOrRelease(frames);
        } else if (trailers == null) {
            H2HeaderBlock.endStream(frames);
        }
        return end(conn, stream, frames, trailers);
    }

    /**
     * Writes {@code e}'s whole response when it qualifies: a head, the non-empty buffer {@code out} (too large
     * to copy: ResponseBody's copy limit) as a buffer of its own, then the {@code trailers} pairs (null: none).
     * Ownership of {@code out} then moves here.
     *
     * @return the write that ends the stream, or null when nothing was written
     */
    static ChannelFuture whole(H2Connection conn, Exchange e, ByteBuf out, AsciiString[] trailers) {
        int n = out.readableBytes();
        Http2Stream stream = fits(conn, e, n, trailers);
        ByteBuf frames = stream == null ? null : headers(conn, e, 0, trailers);
        if (frames == null) {
            return null;
        }
        dataHeader(conn, stream, frames, n, trailers);
        // head, body and (small) trailers go out as three buffers
        ChannelHandlerContext ctx = conn.ctx();
        ctx.write(frames, ctx.voidPromise());
        ByteBuf tail = out;
        if (trailers != null) {
            ctx.write(out, ctx.voidPromise());
            tail = conn.alloc().ioBuffer(H2HeaderBlock.FRAME_HEADER + H2HeaderBlock.bound(trailers));
        }
        return end(conn, stream, tail, trailers);
    }

    /** The stream, when a head, {@code n} body bytes and {@code trailers} can go out as frames written here; else null. */
    private static Http2Stream fits(H2Connection conn, Exchange e, int n, AsciiString[] trailers) {
        Http2Stream stream = conn.connection().stream(H2Slot.of(e).streamId);
        if (!conn.ownsHeaderBlocks() || stream == null || stream.isHeadersSent()
                || !(stream.state() == Http2Stream.State.HALF_CLOSED_REMOTE || stream.state() == Http2Stream.State.OPEN)) {
            return null;
        }
        Http2RemoteFlowController flow = conn.encoder().flowController();
        int maxFrame = conn.encoder().configuration().frameSizePolicy().maxFrameSize();
        if (n > 0 && (n > maxFrame || n > flow.windowSize(stream)
                || n > flow.windowSize(conn.connection().connectionStream()))) {
            return null;
        }
        return trailers == null || H2HeaderBlock.bound(trailers) <= maxFrame ? stream : null;
    }

    /**
     * A buffer starting with the HEADERS frame of {@code e}'s response (no END_STREAM yet), with room for
     * {@code room} body bytes copied behind it and for the trailers; null when the block needs more than
     * one frame.
     */
    private static ByteBuf headers(H2Connection conn, Exchange e, int room, AsciiString[] trailers) {
        AsciiString[] fields = H2Responses.fields(e, trailers);
        int trailerRoom = trailers == null ? 0 : H2HeaderBlock.FRAME_HEADER + H2HeaderBlock.bound(trailers);
        ByteBuf frames = conn.alloc().ioBuffer(capacity(fields) + room + trailerRoom);
        int maxFrame = conn.encoder().configuration().frameSizePolicy().maxFrameSize();
        if (!H2HeaderBlock.writeHeaders(frames, H2Slot.of(e).streamId, e.response.status(), fields, 0, maxFrame)) {
            frames.release();
            return null;
        }
        return frames;
    }

    /** Takes {@code n} bytes from the send windows and appends the DATA frame header for them. */
    private static void dataHeader(H2Connection conn, Http2Stream stream, ByteBuf frames, int n, AsciiString[] trailers) {
        consumeWindows(conn, stream, n);
        H2HeaderBlock.writeDataHeader(frames, stream.id(), n, trailers == null ? H2HeaderBlock.END_STREAM : 0);
    }

    /** Appends the trailers to {@code tail}, writes it and closes the stream's sending side. */
    private static ChannelFuture end(H2Connection conn, Http2Stream stream, ByteBuf tail, AsciiString[] trailers) {
        ChannelHandlerContext ctx = conn.ctx();
        // A stream the client ended closes now, without a promise and a listener per response: the
        // frames are queued in order and a failed write fails the connection. Draining (GOAWAY sent)
        // and early answers wait for the write, since closing the last stream may close the channel
        // and an early answer's reset must follow its frames.
        boolean waitForWrite = stream.state() != Http2Stream.State.HALF_CLOSED_REMOTE
                || conn.connection().goAwaySent();
        ChannelPromise promise = waitForWrite ? ctx.newPromise() : ctx.voidPromise();
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
