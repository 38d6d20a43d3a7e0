package dev.pronto.core.internal.exchange;

import dev.pronto.router.Method;
import dev.pronto.wire.DirectCopy;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

/**
 * The body of a whole response as the handler answered it, for {@link Carrier#respond}: nothing, a text
 * (with its UTF-8 length), a byte array, a buffer or a file range, with its length and the Content-Type
 * to use unless the handler set one. Status, headers and trailers are read from the exchange's
 * {@link ServerResponse}. One per pooled exchange, refilled for each response: no object per response.
 *
 * <p>Contract: the send that won the exchange fills it; text and arrays are only held on the event loop
 * (a send from another thread copies them into a buffer first, so the user's object is never read
 * later on another thread). The carrier, on its event loop, either copies the bytes behind its head
 * ({@link #writeTo}) and takes the part too large to copy ({@link #takePart}), or takes the whole body
 * as one buffer ({@link #takeBuffer}) or file ({@link #takeFile}); it sends the bytes only when
 * {@link #hasBody} says so, and always ends with {@link #release()}, which drops whatever was not taken.
 * {@link #length()} and {@link #defaultType()} stay readable until the next fill.
 */
public final class ResponseBody {
    /** Buffers up to this size are copied behind the head; larger ones are written as a second part. */
    static final int COPY_LIMIT = 2048;

    private CharSequence text;
    private byte[] bytes;
    private ByteBuf buffer;
    private FilePart file;
    private long length;
    private String defaultType;

    /** Whether {@code e}'s response carries body bytes: not for HEAD, nor for 1xx, 204 and 304. */
    public static boolean hasBody(Exchange e) {
        return e.head.method != Method.HEAD && !Status.bodiless(e.response.status());
    }

    /** No body (length 0). */
    public void none(String type) {
        defaultType = type;
        length = 0;
    }

    /** {@code value}, {@code utf8Length} bytes once encoded; event loop only (the text is read later). */
    void text(CharSequence value, int utf8Length, String type) {
        text = value;
        defaultType = type;
        length = utf8Length;
    }

    /** The bytes of {@code value}; event loop only (the array is read later). */
    void bytes(byte[] value, String type) {
        bytes = value;
        defaultType = type;
        length = value.length;
    }

    /** The readable bytes of {@code value}, whose ownership moves here. Any thread. */
    public void buffer(ByteBuf value, String type) {
        buffer = value;
        defaultType = type;
        length = value.readableBytes();
    }

    /** The range {@code part}, whose ownership moves here. Any thread. */
    void file(FilePart part, String type) {
        file = part;
        defaultType = type;
        length = part.count();
    }

    /** The body's length in bytes, also when the carrier sends none (a HEAD request's Content-Length). */
    public long length() {
        return length;
    }

    /** The Content-Type to send unless the handler set one, or null. */
    public String defaultType() {
        return defaultType;
    }

    /** Whether the body is a file range (then only {@link #takeFile} or {@link #takePart} give it). */
    public boolean isFile() {
        return file != null;
    }

    /** How many bytes {@link #writeTo} copies: all of a text or array, a buffer up to the copy limit. */
    public int copyLength() {
        if (text != null || bytes != null || (buffer != null && length <= COPY_LIMIT)) {
            return (int) length;
        }
        return 0;
    }

    /** Copies the {@link #copyLength()} bytes into {@code out}; a text is encoded straight into it. */
    public void writeTo(ByteBuf out) {
        if (text != null) {
            ByteBufUtil.reserveAndWriteUtf8(out, text, (int) length);
        } else if (bytes != null) {
            DirectCopy.write(out, bytes, 0, bytes.length);
        } else if (buffer != null && length <= COPY_LIMIT) {
            out.writeBytes(buffer, buffer.readerIndex(), (int) length);
        }
    }

    /**
     * As {@link #writeTo}, into a buffer the caller made for this response alone: when the copy fails (a
     * text that cannot be read again), {@code out} is released before the failure goes on.
     */
    public void writeToOrRelease(ByteBuf out) {
        try {
            writeTo(out);
        } catch (RuntimeException | Error failure) {
            out.release();
            throw failure;
        }
    }

    /** The part {@link #writeTo} does not copy (a large ByteBuf or a FilePart), now the caller's; or null. */
    public Object takePart() {
        if (file != null) {
            return takeFile();
        }
        if (buffer == null || length <= COPY_LIMIT) {
            return null;
        }
        ByteBuf part = buffer;
        buffer = null;
        return part;
    }

    /** The whole body as one buffer, now the caller's (an empty one for none); not for a file. */
    public ByteBuf takeBuffer(ByteBufAllocator alloc) {
        ByteBuf out = buffer;
        if (out != null) {
            buffer = null;
            return out;
        }
        if (text == null && bytes == null) {
            return Unpooled.EMPTY_BUFFER;
        }
        out = alloc.ioBuffer((int) length);
        writeToOrRelease(out);
        return out;
    }

    /**
     * The body as the handler gave it, now the caller's, for a carrier that sends it piece by piece: a
     * {@code CharSequence} of {@link #length()} UTF-8 bytes, a {@code byte[]} or a {@code ByteBuf} (which
     * the caller releases); null for none or a file. Event loop only: a text or array is read on the loop.
     */
    public Object takeSource() {
        Object source = text != null ? text : bytes != null ? bytes : buffer;
        text = null;
        bytes = null;
        buffer = null;
        return source;
    }

    /** The file range, now the caller's (who closes it); or null. */
    public FilePart takeFile() {
        FilePart part = file;
        file = null;
        return part;
    }

    /** Drops what was not taken: releases a buffer, closes a file, forgets a text or array. Safe to repeat. */
    public void release() {
        text = null;
        bytes = null;
        if (buffer != null) {
            ByteBuf b = buffer;
            buffer = null;
            b.release();
        }
        if (file != null) {
            FilePart f = file;
            file = null;
            f.close();
        }
    }

    /** Releases and forgets the length and type: the exchange is recycled. */
    void clear() {
        release();
        length = 0;
        defaultType = null;
    }
}
