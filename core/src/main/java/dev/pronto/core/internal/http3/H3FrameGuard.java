package dev.pronto.core.internal.http3;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.quic.QuicStreamResetException;
import io.netty.handler.codec.quic.QuicStreamType;

/**
 * Reads the bytes of a stream the client opened before Netty's HTTP/3 codec does, and closes the
 * connection where that codec is lenient: a frame whose fields do not end at its payload's end
 * ({@link H3Payloads}), a stream that ends inside a frame (RFC 9114 §7.1: H3_FRAME_ERROR, so a truncated
 * body never reaches its handler as complete), the end or reset of the client's control or QPACK streams
 * (§6.2.1, RFC 9204 §4.2: H3_CLOSED_CRITICAL_STREAM) and QPACK decoder-stream instructions about sections
 * or inserts the server never sent ({@link H3DecoderStream}). It also reads RFC 9218's PRIORITY_UPDATE frames,
 * which the codec passes over: on the control stream, whole, for {@link H3PriorityUpdates}; on a request stream,
 * H3_FRAME_UNEXPECTED. Bytes are passed on unchanged; the payloads checked whole (control frames, HEADERS) are
 * read in place when they arrive in one buffer, else copied up to their limit. One per stream, event loop only.
 *
 * <p>States: a unidirectional stream starts by reading its type ({@code PENDING}), then is
 * {@code CONTROL}, {@code DECODER}, or passed through ({@code OTHER}: QPACK encoder, push, unknown types);
 * a request stream and the control stream cycle through frame type, length and payload. Any error makes
 * the stream {@code failed}: the connection is closing and nothing more is passed on.
 */
final class H3FrameGuard extends ChannelInboundHandlerAdapter {
    private static final int REQUEST = 0;
    private static final int CONTROL = 1;
    private static final int DECODER = 2;
    private static final int PENDING = 3;
    private static final int OTHER = 4;

    private final H3Connection conn;
    private final H3Varint varint = new H3Varint();
    /** The QPACK decoder stream's reader, on that stream only. */
    private H3DecoderStream decoder;
    private int kind;
    /** Whether the stream is one whose end closes the connection (control, QPACK encoder or decoder). */
    private boolean critical;
    /** The frame being read: its type (-1 while reading it), payload bytes left (-1 while reading the length). */
    private long type = -1;
    private long remaining = -1;
    /** The payload of a frame checked whole that spans buffers, else null. */
    private ByteBuf payload;
    /** Whether the current frame's payload is checked whole (decided once its length is known). */
    private boolean collect;
    private boolean failed;

    H3FrameGuard(H3Connection conn, QuicStreamType streamType) {
        this.conn = conn;
        this.kind = streamType == QuicStreamType.BIDIRECTIONAL ? REQUEST : PENDING;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in) || kind == OTHER) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (failed) {
            in.release();
            return;
        }
        Http3ErrorCode error = scan(in);
        if (error != null) {
            in.release();
            fail(error);
            return;
        }
        ctx.fireChannelRead(in);
    }

    /** The error the bytes of {@code in} make, or null; keeps {@code in}'s indexes. Hot loop of the stream. */
    private Http3ErrorCode scan(ByteBuf in) {
        int i = in.readerIndex();
        int end = in.writerIndex();
        while (i < end && kind != OTHER) {
            if (kind == PENDING) {
                if (varint.feed(in.getByte(i++))) {
                    streamType(varint.value());
                }
            } else if (kind == DECODER) {
                if (!decoder.feed(in.getByte(i++))) {
                    return Http3ErrorCode.QPACK_DECODER_STREAM_ERROR;
                }
            } else if (type < 0) {
                if (varint.feed(in.getByte(i++))) {
                    type = varint.value();
                    if (kind == REQUEST && H3Payloads.isPriorityUpdate(type)) {
                        // RFC 9218 §7.2: only the control stream carries it
                        return Http3ErrorCode.H3_FRAME_UNEXPECTED;
                    }
                }
            } else if (remaining < 0) {
                Http3ErrorCode error = varint.feed(in.getByte(i++)) ? length(in, i, varint.value()) : null;
                if (error != null) {
                    return error;
                }
            } else {
                int n = (int) Math.min(remaining, end - i);
                Http3ErrorCode error = payload(in, i, n);
                if (error != null) {
                    return error;
                }
                i += n;
            }
        }
        return null;
    }

    /** The current frame's length was read, up to {@code at}: an empty frame ends there. */
    private Http3ErrorCode length(ByteBuf in, int at, long value) {
        remaining = value;
        if (H3Payloads.isPriorityUpdate(type) && value > H3Payloads.MAX_PRIORITY_UPDATE) {
            return Http3ErrorCode.H3_EXCESSIVE_LOAD;
        }
        collect = checkedWhole() && remaining <= limit();
        return remaining == 0 ? frameEnd(in, at, 0) : null;
    }

    private void streamType(long value) {
        // RFC 9114 §6.2: 0x00 control, RFC 9204 §4.2: 0x02 encoder, 0x03 decoder
        critical = value == 0x00 || value == 0x02 || value == 0x03;
        kind = value == 0x00 ? CONTROL : value == 0x03 ? DECODER : OTHER;
        if (kind == DECODER) {
            decoder = new H3DecoderStream();
        }
    }

    /** Takes {@code n} payload bytes at {@code at}; checks the payload once it is complete. */
    private Http3ErrorCode payload(ByteBuf in, int at, int n) {
        if (!collect) {
            remaining -= n;
            return remaining == 0 ? frameEnd(in, at, -1) : null;
        }
        if (payload == null && n == remaining) {
            remaining = 0;
            return frameEnd(in, at, n);
        }
        if (payload == null) {
            payload = conn.alloc().heapBuffer((int) remaining);
        }
        payload.writeBytes(in, at, n);
        remaining -= n;
        if (remaining > 0) {
            return null;
        }
        Http3ErrorCode error = frameEnd(payload, payload.readerIndex(), payload.readableBytes());
        payload.release();
        payload = null;
        return error;
    }

    /** The frame ended with its payload at {@code p[at, at+len)} ({@code len} -1: not checked). */
    private Http3ErrorCode frameEnd(ByteBuf p, int at, int len) {
        long ended = type;
        type = -1;
        remaining = -1;
        if (len < 0 || !collect) {
            return null;
        }
        Http3ErrorCode error = H3Payloads.check(ended, p, at, len);
        if (error == null && H3Payloads.isPriorityUpdate(ended)) {
            return conn.priorityUpdates.read(ended, p, at, len);
        }
        return error;
    }

    private boolean checkedWhole() {
        return H3Payloads.checkedWhole(type) || (type == H3Payloads.HEADERS && kind == REQUEST);
    }

    /** Above it the frame is refused: by the codec (H3_EXCESSIVE_LOAD or H3_FRAME_ERROR), or by {@link #length}. */
    private long limit() {
        if (H3Payloads.isPriorityUpdate(type)) {
            return H3Payloads.MAX_PRIORITY_UPDATE;
        }
        return type == H3Payloads.HEADERS ? conn.maxFieldSection : H3Payloads.MAX_SETTINGS;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt == ChannelInputShutdownEvent.INSTANCE) {
            if (failed) {
                return;
            }
            if (critical) {
                fail(Http3ErrorCode.H3_CLOSED_CRITICAL_STREAM);
                return;
            }
            if (kind == REQUEST && (type >= 0 || varint.busy())) {
                // RFC 9114 §7.1: the stream ended inside a frame; the request must not look complete
                fail(Http3ErrorCode.H3_FRAME_ERROR);
                return;
            }
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (critical && cause instanceof QuicStreamResetException) {
            fail(Http3ErrorCode.H3_CLOSED_CRITICAL_STREAM);
            return;
        }
        ctx.fireExceptionCaught(cause);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releasePayload();
    }

    private void releasePayload() {
        if (payload != null) {
            payload.release();
            payload = null;
        }
    }

    private void fail(Http3ErrorCode error) {
        failed = true;
        releasePayload();
        conn.protocolError(error);
    }
}
