package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.content.FileChunk;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.FilePart;
import dev.pronto.core.internal.exchange.ResponseBody;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.quic.QuicStreamChannel;

/**
 * Writes a complete response on a request stream: HEADERS, the body as DATA, trailers, then FIN. QUIC's
 * stream flow control holds what the client's window does not allow; a file is read chunk by chunk, each
 * chunk once the previous one was handed to QUIC, so a client that keeps its window shut costs one chunk of
 * memory, not the file.
 */
final class H3Writes {
    private H3Writes() {
    }

    /**
     * Event loop: writes {@code e}'s response with {@code body}, taking the bytes it sends; the caller
     * releases {@code body} afterwards.
     */
    static void response(H3Connection conn, Exchange e, ResponseBody body) {
        QuicStreamChannel s = H3Slot.of(e).stream;
        Http3Headers trailers = H3Responses.trailers(e);
        // a client may stop reading at Content-Length and miss the trailers
        long length = trailers != null ? -1 : body.length();
        ChannelFuture last = s.write(new DefaultHttp3HeadersFrame(H3Responses.headers(e, length, body.defaultType())));
        if (ResponseBody.hasBody(e) && body.isFile()) {
            s.flush();
            new FileChunks(conn, s, body.takeFile(), trailers, e.closeAfter).next();
            return;
        }
        ByteBuf out = ResponseBody.hasBody(e) ? body.takeBuffer(conn.alloc()) : null;
        if (out != null && out.isReadable()) {
            last = s.write(new DefaultHttp3DataFrame(out));
        } else if (out != null) {
            out.release();
        }
        end(s, trailers, e.closeAfter, last);
    }

    /**
     * Writes the trailers, if any, and ends the stream once {@code last} (the latest write) and they are
     * written; asks the client to stop sending a body that was not read.
     */
    static void end(QuicStreamChannel s, Http3Headers trailers, boolean stopReading, ChannelFuture last) {
        ChannelFuture done = trailers != null ? s.write(new DefaultHttp3HeadersFrame(trailers)) : last;
        s.flush();
        // Netty's shutdownOutput() sends the FIN at once, past the frames still waiting for the client's
        // windows: it must wait for the last of them
        done.addListener(f -> {
            s.shutdownOutput();
            if (stopReading && !s.isInputShutdown()) {
                // RFC 9114 §4.1: a response sent before the whole request may ask for the rest to stop (H3_NO_ERROR)
                s.shutdownInput(Http3ErrorCode.H3_NO_ERROR.code());
            }
        });
    }

    /** Sends a file range as DATA frames, one chunk in flight at a time. */
    private static final class FileChunks implements ChannelFutureListener {
        private final H3Connection conn;
        private final QuicStreamChannel stream;
        private final FilePart file;
        private final Http3Headers trailers;
        private final boolean stopReading;
        private long position;

        FileChunks(H3Connection conn, QuicStreamChannel stream, FilePart file, Http3Headers trailers,
                   boolean stopReading) {
            this.conn = conn;
            this.stream = stream;
            this.file = file;
            this.trailers = trailers;
            this.stopReading = stopReading;
            this.position = file.offset();
        }

        void next() {
            long end = file.offset() + file.count();
            ByteBuf chunk = FileChunk.read(conn.alloc(), file, position);
            if (chunk == null) {
                H3Connection.reset(stream, Http3ErrorCode.H3_INTERNAL_ERROR);
                return;
            }
            position += chunk.readableBytes();
            boolean last = position >= end;
            ChannelFuture written = stream.writeAndFlush(new DefaultHttp3DataFrame(chunk));
            if (last) {
                written.addListener(f -> file.close());
                end(stream, trailers, stopReading, written);
            } else {
                written.addListener(this);
            }
        }

        @Override
        public void operationComplete(ChannelFuture f) {
            if (f.isSuccess() && !conn.closing()) {
                next();
            } else {
                file.close();
            }
        }
    }
}
