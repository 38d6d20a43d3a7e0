package dev.pronto.core.internal.exchange;

import dev.pronto.core.HttpException;
import dev.pronto.core.PayloadTooLargeException;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes {@code Content-Encoding: gzip} request bodies when enabled, applying the body limit to
 * the decoded size so a small compressed body cannot expand past it (zip bombs stop at the limit).
 */
public final class RequestBodies {
    private RequestBodies() {
    }

    /**
     * The content coding {@code req}'s body still carries (one the server did not decode), or null
     * for an unencoded body: a body reader that expects bytes as sent refuses it (415) rather than
     * parsing compressed bytes.
     */
    public static String pendingCoding(dev.pronto.core.Request req) {
        String coding = req.header("Content-Encoding");
        if (coding == null || coding.isBlank() || coding.trim().equalsIgnoreCase("identity")) {
            return null;
        }
        boolean decoded = req instanceof ExchangeHandle h && decodes(h.exchange()) && coding.trim().equalsIgnoreCase("gzip");
        return decoded ? null : coding.trim();
    }

    /** What a 415 for a content coding offers in {@code Accept-Encoding} (RFC 9110 §15.5.16). */
    static String accepted(Exchange e) {
        return decodes(e) ? "gzip, identity" : "identity";
    }

    private static boolean decodes(Exchange e) {
        dev.pronto.core.internal.content.Compressors z = e.server.compressors();
        return z != null && z.config().gzipRequests();
    }

    /** Replaces a gzip body of {@code e} by its decoded form; other codings are a 415. */
    static void decode(Exchange e) {
        int i = e.head.find("content-encoding", 0);
        if (i < 0 || e.body == null) {
            return;
        }
        String coding = e.head.value(i).trim();
        if (coding.equalsIgnoreCase("identity")) {
            return;
        }
        if (!coding.equalsIgnoreCase("gzip")) {
            throw new HttpException(415, "Unsupported Content-Encoding '" + coding + "': send gzip or identity");
        }
        ByteBuf decoded = gunzip(e.body, e.server.config().maxBodySize(), e);
        e.body.release();
        e.body = decoded;
    }

    private static ByteBuf gunzip(ByteBuf in, long limit, Exchange e) {
        int header = headerLength(in);
        // A first guess of the decoded size, never above the limit: the buffer grows while
        // inflating, checked against the limit at every step.
        ByteBuf out = e.carrier.alloc().ioBuffer((int) Math.min(limit + 1, Math.max(256L, in.readableBytes() * 4L)));
        Inflater inflater = null;
        try {
            inflater = new Inflater(true);
            inflater.setInput(in.nioBuffer(in.readerIndex() + header, in.readableBytes() - header));
            while (!inflater.finished()) {
                out.ensureWritable((int) Math.min(64 * 1024, limit - out.readableBytes() + 1));
                ByteBuffer target = out.nioBuffer(out.writerIndex(), (int) Math.min(out.writableBytes(),
                        limit - out.readableBytes() + 1));
                int n = inflater.inflate(target);
                out.writerIndex(out.writerIndex() + n);
                if (out.readableBytes() > limit) {
                    throw new PayloadTooLargeException("Decoded request body exceeds the limit of " + limit
                            + " bytes (maxBodySize)");
                }
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new HttpException(400, "Truncated gzip request body");
                }
            }
            return out;
        } catch (DataFormatException ex) {
            out.release();
            throw new HttpException(400, "Malformed gzip request body: " + ex.getMessage());
        } catch (RuntimeException ex) {
            out.release();
            throw ex;
        } finally {
            if (inflater != null) {
                inflater.end();
            }
        }
    }

    /** Length of the gzip member header (RFC 1952 §2.3), validating the magic and method. */
    private static int headerLength(ByteBuf in) {
        int r = in.readerIndex();
        if (in.readableBytes() < 18 || in.getUnsignedByte(r) != 0x1f || in.getUnsignedByte(r + 1) != 0x8b
                || in.getByte(r + 2) != 8) {
            throw new HttpException(400, "Malformed gzip request body: bad header");
        }
        int flags = in.getUnsignedByte(r + 3);
        int i = r + 10;
        if ((flags & 4) != 0) {
            i += 2 + in.getUnsignedShortLE(i);
        }
        if ((flags & 8) != 0) {
            i = in.indexOf(i, in.writerIndex(), (byte) 0) + 1;
        }
        if ((flags & 16) != 0) {
            i = in.indexOf(i, in.writerIndex(), (byte) 0) + 1;
        }
        if ((flags & 2) != 0) {
            i += 2;
        }
        if (i <= r || i > in.writerIndex()) {
            throw new HttpException(400, "Malformed gzip request body: bad header");
        }
        return i - r;
    }
}
