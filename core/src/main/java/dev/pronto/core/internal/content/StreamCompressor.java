package dev.pronto.core.internal.content;

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
 * Compresses a streamed body chunk by chunk, flushing after each so every chunk can be decoded as
 * it arrives. One per streamed response; its native state is freed by {@link #finish}, by a failure
 * inside it, or by {@link #close} when the response is abandoned (connection closed mid-stream).
 */
public final class StreamCompressor {
    private static final byte[] GZIP_HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    private final ContentCoding coding;
    private final ByteBufAllocator alloc;
    private Deflater deflater;
    private CRC32 crc;
    private long total;
    private EncoderJNI.Wrapper brotli;
    private boolean started;
    private boolean closed;
    private io.netty.channel.Channel channel;
    private io.netty.channel.ChannelFutureListener onClose;

    public StreamCompressor(ContentCoding coding, Compression config, ByteBufAllocator alloc) {
        this.coding = coding;
        this.alloc = alloc;
        try {
            if (coding == ContentCoding.BR) {
                brotli = new EncoderJNI.Wrapper(64 * 1024, config.brotliQuality(), 22, Encoder.Mode.GENERIC);
            } else {
                deflater = new Deflater(config.gzipLevel(), coding == ContentCoding.GZIP);
                crc = coding == ContentCoding.GZIP ? new CRC32() : null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the brotli encoder", e);
        }
    }

    /** Compresses and flushes {@code data} (not released here) into a new buffer; null once closed. */
    synchronized ByteBuf compress(ByteBuf data) {
        if (closed) {
            return null;
        }
        ByteBuf out = alloc.ioBuffer(Math.max(64, data.readableBytes() / 2));
        try {
            header(out);
            if (brotli != null) {
                pushBrotli(data, out, EncoderJNI.Operation.FLUSH);
            } else {
                if (crc != null) {
                    crc.update(data.nioBuffer());
                    total += data.readableBytes();
                }
                deflater.setInput(data.nioBuffer());
                drain(out, Deflater.SYNC_FLUSH);
            }
            return out;
        } catch (RuntimeException | Error e) {
            out.release();
            close();
            throw e;
        }
    }

    /** As {@link #compress}, then releases {@code data}, whatever happens: what both stream writers need. */
    public ByteBuf compressAndRelease(ByteBuf data) {
        try {
            return compress(data);
        } finally {
            data.release();
        }
    }

    /** Ends the compressed stream and frees native state; returns the trailing bytes, or null once closed. */
    public synchronized ByteBuf finish() {
        if (closed) {
            return null;
        }
        ByteBuf out = alloc.ioBuffer(64);
        try {
            header(out);
            if (brotli != null) {
                brotli.push(EncoderJNI.Operation.FINISH, 0);
                Compressors.drainBrotli(brotli, out, EncoderJNI.Operation.FINISH);
            } else {
                deflater.finish();
                drain(out, Deflater.NO_FLUSH);
                if (crc != null) {
                    out.writeIntLE((int) crc.getValue());
                    out.writeIntLE((int) total);
                }
            }
            return out;
        } catch (IOException e) {
            out.release();
            throw new UncheckedIOException("brotli compression failed", e);
        } catch (RuntimeException | Error e) {
            out.release();
            throw e;
        } finally {
            close();
        }
    }

    /**
     * Frees the native state when {@code channel} closes first, for a stream its handler abandons or
     * the client cuts: such a stream never reaches {@link #finish()}. The listener goes away with the
     * stream, so long connections do not collect one per streamed response.
     */
    public void closeWith(io.netty.channel.Channel channel) {
        io.netty.channel.ChannelFutureListener onClose = f -> close();
        synchronized (this) {
            this.channel = channel;
            this.onClose = onClose;
        }
        channel.closeFuture().addListener(onClose);
    }

    /** Frees the native state now; later calls return null. Idempotent, any thread. */
    synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (onClose != null) {
            channel.closeFuture().removeListener(onClose);
            onClose = null;
        }
        if (brotli != null) {
            brotli.destroy();
            brotli = null;
        } else {
            deflater.end();
        }
    }

    /** Whether the native state was freed. */
    synchronized boolean closed() {
        return closed;
    }

    private void header(ByteBuf out) {
        if (!started && coding == ContentCoding.GZIP) {
            out.writeBytes(GZIP_HEADER);
        }
        started = true;
    }

    private void drain(ByteBuf out, int flush) {
        while (true) {
            out.ensureWritable(512);
            ByteBuffer target = out.nioBuffer(out.writerIndex(), out.writableBytes());
            int n = deflater.deflate(target, flush);
            out.writerIndex(out.writerIndex() + n);
            if (deflater.finished() || (n < target.capacity() && deflater.needsInput())) {
                return;
            }
        }
    }

    private void pushBrotli(ByteBuf data, ByteBuf out, EncoderJNI.Operation op) {
        try {
            ByteBuffer input = brotli.getInputBuffer();
            int offset = data.readerIndex();
            int left = data.readableBytes();
            do {
                int n = Math.min(left, input.capacity());
                input.clear();
                input.put(data.nioBuffer(offset, n));
                offset += n;
                left -= n;
                EncoderJNI.Operation step = left == 0 ? op : EncoderJNI.Operation.PROCESS;
                brotli.push(step, n);
                Compressors.drainBrotli(brotli, out, step);
            } while (left > 0);
        } catch (IOException e) {
            throw new UncheckedIOException("brotli compression failed", e);
        }
    }
}
