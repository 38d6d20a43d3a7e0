package dev.pronto.core.internal.content;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import dev.pronto.core.Compression;
import dev.pronto.core.ContentCoding;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Compresses whole bodies into pooled buffers. Deflaters are reused (one per event loop thread, a
 * small shared pool for other threads, see {@link DeflaterPool}) and reset between responses;
 * brotli has no reset in its native API, so each body gets a native encoder that is destroyed
 * right after.
 */
public final class Compressors {
    private static final int BROTLI_WINDOW = 22;
    private static final byte[] GZIP_HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
    /** Idle Deflaters kept for threads other than event loops: about one per carrier thread. */
    static final int POOL_CAPACITY = Math.max(2, Runtime.getRuntime().availableProcessors());

    private final Compression config;
    private final boolean brotli;
    private final java.util.List<ContentCoding> offered;
    private final DeflaterPool gzip;
    private final DeflaterPool zlib;

    public Compressors(Compression config) {
        this.config = config;
        this.brotli = config.codings().contains(ContentCoding.BR) && brotliAvailable();
        this.gzip = DeflaterPool.raw(config.gzipLevel(), POOL_CAPACITY);
        this.zlib = DeflaterPool.zlib(config.gzipLevel(), POOL_CAPACITY);
        this.offered = config.codings().stream().filter(c -> c != ContentCoding.BR || brotli).toList();
    }

    static boolean brotliAvailable() {
        try {
            return Brotli4jLoader.isAvailable();
        } catch (LinkageError e) {
            return false;
        }
    }

    public Compression config() {
        return config;
    }

    /** The configured codings that can run here (brotli only when its native library loads). */
    public java.util.List<ContentCoding> offered() {
        return offered;
    }

    /** Compresses the readable bytes of {@code in} (not released here) into a new pooled buffer. */
    public ByteBuf compress(ContentCoding coding, ByteBuf in, ByteBufAllocator alloc) {
        ByteBuf out = alloc.ioBuffer(Math.max(64, in.readableBytes() / 3));
        try {
            switch (coding) {
                case BR -> brotli(in, out);
                case GZIP -> gzip(in, out);
                default -> deflate(zlib, in, out);
            }
            return out;
        } catch (RuntimeException e) {
            out.release();
            throw e;
        }
    }

    private void gzip(ByteBuf in, ByteBuf out) {
        out.writeBytes(GZIP_HEADER);
        CRC32 sum = new CRC32();
        sum.update(in.nioBuffer());
        deflate(gzip, in, out);
        out.writeIntLE((int) sum.getValue());
        out.writeIntLE(in.readableBytes());
    }

    private static void deflate(DeflaterPool pool, ByteBuf in, ByteBuf out) {
        Deflater d = pool.acquire();
        try {
            d.setInput(in.nioBuffer());
            d.finish();
            while (!d.finished()) {
                out.ensureWritable(Math.max(256, in.readableBytes() / 4));
                ByteBuffer target = out.nioBuffer(out.writerIndex(), out.writableBytes());
                out.writerIndex(out.writerIndex() + d.deflate(target));
            }
        } finally {
            pool.release(d);
        }
    }

    /** The pool of gzip Deflaters (for tests). */
    DeflaterPool gzipPool() {
        return gzip;
    }

    private void brotli(ByteBuf in, ByteBuf out) {
        int length = in.readableBytes();
        EncoderJNI.Wrapper w = null;
        try {
            w = new EncoderJNI.Wrapper(Math.max(length, 1), config.brotliQuality(), BROTLI_WINDOW, Encoder.Mode.GENERIC);
            ByteBuffer input = w.getInputBuffer();
            input.clear();
            input.put(in.nioBuffer());
            w.push(EncoderJNI.Operation.FINISH, length);
            drainBrotli(w, out, EncoderJNI.Operation.FINISH);
        } catch (IOException e) {
            throw new UncheckedIOException("brotli compression failed", e);
        } finally {
            if (w != null) {
                w.destroy();
            }
        }
    }

    /** Pulls every output of {@code w} after a push of {@code op} into {@code out}. */
    static void drainBrotli(EncoderJNI.Wrapper w, ByteBuf out, EncoderJNI.Operation op) throws IOException {
        while (true) {
            if (!w.isSuccess()) {
                throw new IOException("brotli encoder failed");
            }
            if (w.hasMoreOutput()) {
                out.writeBytes(w.pull());
            } else if (w.hasRemainingInput()) {
                w.push(op, 0);
            } else if (op == EncoderJNI.Operation.FINISH && !w.isFinished()) {
                w.push(op, 0);
            } else {
                return;
            }
        }
    }
}
