package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.Decompression;
import dev.pronto.client.http.MalformedResponseException;
import dev.pronto.client.http.ResponseTooLargeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * Decodes gzip and deflate bodies after they are received. A cold path, so it uses the JDK's
 * streams; the decoded size is capped by {@code maxResponseSize} to stop compression bombs.
 */
final class Inflate {
    private static final int CHUNK = 8192;

    private enum Coding { GZIP, DEFLATE }

    private Inflate() {
    }

    /** Replaces the body of {@code r} with its decoded form when the encoding is gzip or deflate. */
    static void apply(DecodedResponse r, ClientConfig config, Exchange x) {
        if (config.decompression() == Decompression.OFF || !r.body.isReadable()) {
            return;
        }
        int field = r.find("content-encoding", 0);
        if (field < 0) {
            return;
        }
        String encoding = r.value(field).trim();
        boolean gzip = encoding.equalsIgnoreCase("gzip") || encoding.equalsIgnoreCase("x-gzip");
        if (!gzip && !encoding.equalsIgnoreCase("deflate")) {
            return;
        }
        ByteBuf decoded = decode(r.body, gzip ? Coding.GZIP : Coding.DEFLATE, config.maxResponseSize(), x);
        r.release();
        r.body = decoded;
    }

    private static ByteBuf decode(ByteBuf in, Coding coding, int max, Exchange x) {
        boolean gzip = coding == Coding.GZIP;
        ByteBuf out = PooledByteBufAllocator.DEFAULT.heapBuffer(Math.min(max, Math.max(256, in.readableBytes() * 4)));
        Inflater inflater = new Inflater(!gzip && !zlibHeader(in));
        try (InputStream s = gzip ? new GZIPInputStream(new ByteBufInputStream(in.duplicate()), CHUNK)
                : new InflaterInputStream(new ByteBufInputStream(in.duplicate()), inflater, CHUNK)) {
            while (out.writeBytes(s, CHUNK) >= 0) {
                if (out.readableBytes() > max) {
                    throw new ResponseTooLargeException("decoded body of " + x.request
                            + " exceeds maxResponseSize=" + max);
                }
            }
            return out;
        } catch (IOException e) {
            out.release();
            throw new MalformedResponseException("invalid " + (gzip ? "gzip" : "deflate") + " body in the response to "
                    + x.request + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            out.release();
            throw e;
        } finally {
            inflater.end();
        }
    }

    /** Whether a deflate body has the zlib wrapper (RFC 1950) that HTTP prescribes, or is raw as some servers send. */
    private static boolean zlibHeader(ByteBuf in) {
        if (in.readableBytes() < 2) {
            return true;
        }
        int cmf = in.getUnsignedByte(in.readerIndex());
        int flg = in.getUnsignedByte(in.readerIndex() + 1);
        return (cmf & 0x0f) == 8 && ((cmf << 8) | flg) % 31 == 0;
    }
}
