package dev.pronto.core.internal.http3;

import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ResponseBody;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.quic.QuicStreamChannel;

/**
 * Writes a complete response on a request stream: HEADERS, the body as DATA, trailers, then FIN. A body up
 * to one chunk goes as one DATA frame; a larger one of any type (file, buffer, array, text) goes through
 * {@link H3BodySend}, which writes per turn what QUIC can take within the client's windows and flushes
 * once, so a client that keeps its window shut costs its window plus one chunk of memory, not the body.
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
        if (ResponseBody.hasBody(e) && (body.isFile() || body.length() > H3Chunks.SIZE)) {
            H3Chunks chunks = body.isFile() ? H3Chunks.of(body.takeFile()) : H3Chunks.of(body.takeSource());
            new H3BodySend(chunks, new H3StreamTarget(conn, s, trailers, e.closeAfter()), last).next();
            return;
        }
        ByteBuf out = ResponseBody.hasBody(e) ? body.takeBuffer(conn.alloc()) : null;
        if (out != null && out.isReadable()) {
            ByteBuf data = H3Chunks.direct(conn.alloc(), out, out.readerIndex(), out.readableBytes());
            out.release();
            last = s.write(new DefaultHttp3DataFrame(data));
        } else if (out != null) {
            out.release();
        }
        end(s, trailers, e.closeAfter(), last);
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
}
