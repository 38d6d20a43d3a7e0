package dev.pronto.examples.arena.redis;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Decodes the RESP replies of {@link RespCommands}: simple strings, errors, integers and bulk strings, into
 * {@code String}, {@link RedisException}, {@code Long}, {@code byte[]} or {@link #NIL}. Anything else (an
 * array, a reply that breaks the framing, a line or bulk beyond the limits) is a {@link DecoderException}: the
 * connection is closed and its waiting commands fail.
 */
final class RespDecoder extends ByteToMessageDecoder {
    /** The null bulk string: GET of a missing key. */
    static final Object NIL = new Object();
    static final int MAX_LINE = 1024;
    static final int MAX_BULK = 4 * 1024 * 1024;

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        try {
            while (in.isReadable()) {
                Object reply = reply(in);
                if (reply == null) {
                    return;
                }
                out.add(reply);
            }
        } catch (DecoderException e) {
            // the stream is out of step: drop the rest so closing the channel does not decode it again
            in.skipBytes(in.readableBytes());
            throw e;
        }
    }

    /** One reply, consumed from {@code in}; null (nothing consumed) while it is incomplete. */
    private static Object reply(ByteBuf in) {
        int start = in.readerIndex();
        int lf = in.indexOf(start, Math.min(in.writerIndex(), start + MAX_LINE), (byte) '\n');
        if (lf < 0) {
            if (in.readableBytes() >= MAX_LINE) {
                throw new DecoderException("RESP line longer than " + MAX_LINE + " bytes");
            }
            return null;
        }
        if (lf - 1 <= start || in.getByte(lf - 1) != '\r') {
            throw new DecoderException("RESP line without CR LF or type");
        }
        int from = start + 1;
        int length = lf - 1 - from;
        byte type = in.getByte(start);
        return switch (type) {
            case '+' -> consume(in, lf + 1, in.toString(from, length, StandardCharsets.US_ASCII));
            case '-' -> consume(in, lf + 1, new RedisException(in.toString(from, length, StandardCharsets.UTF_8)));
            case ':' -> consume(in, lf + 1, number(in, from, length));
            case '$' -> bulk(in, lf + 1, number(in, from, length));
            default -> throw new DecoderException("unexpected RESP reply type " + (type & 0xff));
        };
    }

    private static Object bulk(ByteBuf in, int data, long size) {
        if (size == -1) {
            return consume(in, data, NIL);
        }
        if (size < 0 || size > MAX_BULK) {
            throw new DecoderException("RESP bulk length " + size + " out of 0.." + MAX_BULK);
        }
        int end = data + (int) size;
        if (end + 2 > in.writerIndex()) {
            return null;
        }
        if (in.getByte(end) != '\r' || in.getByte(end + 1) != '\n') {
            throw new DecoderException("RESP bulk string not followed by CR LF");
        }
        byte[] value = new byte[(int) size];
        in.getBytes(data, value);
        return consume(in, end + 2, value);
    }

    private static long number(ByteBuf in, int from, int length) {
        boolean negative = length > 0 && in.getByte(from) == '-';
        int i = negative ? 1 : 0;
        if (length == i || length - i > 18) {
            throw new DecoderException("RESP number of " + length + " bytes");
        }
        long n = 0;
        for (; i < length; i++) {
            int c = in.getByte(from + i) - '0';
            if (c < 0 || c > 9) {
                throw new DecoderException("RESP number with a non-digit");
            }
            n = n * 10 + c;
        }
        return negative ? -n : n;
    }

    private static Object consume(ByteBuf in, int next, Object reply) {
        in.readerIndex(next);
        return reply;
    }
}
