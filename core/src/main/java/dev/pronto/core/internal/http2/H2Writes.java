package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.FileChunk;
import dev.pronto.core.internal.exchange.FilePart;
import dev.pronto.core.internal.exchange.ResponseBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * Writes a complete response on a stream: HEADERS, then the body as DATA frames. Netty's flow
 * controller splits frames to the peer's frame size and holds them until the windows allow. A
 * file is read chunk by chunk, each chunk only once the previous one was written, so a client that
 * keeps its window shut costs one chunk of memory, not the file.
 */
final class H2Writes {
    private H2Writes() {
    }

    /**
     * Event loop: writes {@code e}'s response with {@code body}, taking the bytes it sends; the caller
     * releases {@code body} afterwards.
     *
     * @return the write of the frame that ends the stream, or null when a file's chunks end it later
     */
    static ChannelFuture response(H2Connection conn, Exchange e, ResponseBody body) {
        AsciiString[] trailerFields = H2Responses.trailerFields(e);
        boolean send = ResponseBody.hasBody(e);
        if (!send || !body.isFile() && body.copyLength() == body.length()) {
            // a text, an array or a small buffer is encoded or copied straight behind the head: no buffer of its own
            ChannelFuture whole = H2DirectWrites.copied(conn, e, send ? body : null, trailerFields);
            if (whole != null) {
                return whole;
            }
            return encoded(conn, e, send ? body.takeBuffer(conn.alloc()) : Unpooled.EMPTY_BUFFER, trailerFields);
        }
        Object data = body.isFile() ? body.takeFile() : body.takeBuffer(conn.alloc());
        if (data instanceof ByteBuf out) {
            ChannelFuture whole = H2DirectWrites.whole(conn, e, out, trailerFields);
            if (whole != null) {
                return whole;
            }
        }
        return encoded(conn, e, data, trailerFields);
    }

    /** Through Netty's encoder: HEADERS, {@code data} (a ByteBuf or FilePart, owned here), trailers. */
    private static ChannelFuture encoded(H2Connection conn, Exchange e, Object data, AsciiString[] trailerFields) {
        Http2Headers trailers = H2Responses.trailers(trailerFields);
        ChannelHandlerContext ctx = conn.ctx();
        Http2ConnectionEncoder encoder = conn.encoder();
        int streamId = H2Slot.of(e).streamId;
        boolean withBody = !(data instanceof ByteBuf out) || out.isReadable();
        ChannelFuture last = encoder.writeHeaders(ctx, streamId, H2Responses.headers(e, trailerFields), 0,
                !withBody && trailers == null, ctx.newPromise());
        if (data instanceof FilePart file) {
            new FileChunks(conn, streamId, file, trailers).next();
            return null;
        }
        ByteBuf out = (ByteBuf) data;
        if (!withBody) {
            out.release();
        } else {
            last = encoder.writeData(ctx, streamId, out, 0, trailers == null, ctx.newPromise());
        }
        if (trailers != null) {
            last = encoder.writeHeaders(ctx, streamId, trailers, 0, true, ctx.newPromise());
        }
        return last;
    }

    /** Sends a file range as DATA frames, one chunk in flight at a time. */
    private static final class FileChunks implements ChannelFutureListener {
        private final H2Connection conn;
        private final int streamId;
        private final FilePart file;
        private final Http2Headers trailers;
        private long position;

        FileChunks(H2Connection conn, int streamId, FilePart file, Http2Headers trailers) {
            this.conn = conn;
            this.streamId = streamId;
            this.file = file;
            this.trailers = trailers;
            this.position = file.offset();
        }

        void next() {
            long end = file.offset() + file.count();
            ByteBuf chunk = FileChunk.read(conn.alloc(), file, position);
            if (chunk == null) {
                conn.resetStream(streamId, io.netty.handler.codec.http2.Http2Error.INTERNAL_ERROR);
                return;
            }
            position += chunk.readableBytes();
            boolean last = position >= end;
            conn.encoder().writeData(conn.ctx(), streamId, chunk, 0, last && trailers == null, conn.ctx().newPromise())
                    .addListener(last ? (ChannelFutureListener) f -> file.close() : this);
            if (last && trailers != null) {
                conn.encoder().writeHeaders(conn.ctx(), streamId, trailers, 0, true, conn.ctx().newPromise());
            }
            conn.requestFlush();
        }

        @Override
        public void operationComplete(io.netty.channel.ChannelFuture f) {
            if (f.isSuccess() && !conn.closing()) {
                next();
            } else {
                file.close();
            }
        }
    }
}
