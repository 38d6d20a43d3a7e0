package dev.pronto.core.internal.form;

import dev.pronto.core.BadRequestException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.search.AbstractSearchProcessorFactory;
import io.netty.buffer.search.SearchProcessorFactory;
import java.nio.charset.StandardCharsets;

/**
 * A streamed {@code multipart/form-data} parser (RFC 7578, RFC 2046 §5.1.1): fed chunks as they arrive,
 * it keeps only what may still be part of a delimiter or of an unfinished header block, so memory is
 * bounded by {@code maxPartHeaderSize} plus one chunk whatever the body's size. Delimiters are found with
 * Knuth-Morris-Pratt, linear in the input whatever it holds. Event loop only; not thread-safe.
 */
final class MultipartParser {
    private static final int PREAMBLE = 0;
    private static final int BOUNDARY_END = 1;
    private static final int HEADERS = 2;
    private static final int BODY = 3;
    private static final int EPILOGUE = 4;
    /** Spaces or tabs RFC 2046 allows after a boundary before its CRLF; more is not a client's. */
    private static final int MAX_PADDING = 64;

    private final ByteBufAllocator alloc;
    private final PartSink sink;
    private final int maxHeaderSize;
    /** {@code CRLF--boundary}: ends a part's body. */
    private final byte[] delimiter;
    private final SearchProcessorFactory delimiterSearch;
    private final SearchProcessorFactory headerEnd = AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(
            new byte[] {'\r', '\n', '\r', '\n'});
    private ByteBuf cum;
    private int state = PREAMBLE;
    private boolean firstDelimiterSeen;
    /** No byte of the body was skipped yet: the first boundary may come without its CRLF. */
    private boolean atStart = true;

    MultipartParser(ByteBufAllocator alloc, String boundary, int maxHeaderSize, PartSink sink) {
        this.alloc = alloc;
        this.sink = sink;
        this.maxHeaderSize = maxHeaderSize;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        this.delimiterSearch = AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(delimiter);
    }

    /** Parses {@code chunk} (not taken: the caller keeps and releases it). */
    void feed(ByteBuf chunk) throws Exception {
        if (state == EPILOGUE || !chunk.isReadable()) {
            return;
        }
        append(chunk);
        try {
            while (step()) {
                // each step consumes what it can; false once it needs more bytes
            }
        } finally {
            compact();
        }
    }

    /**
     * Copies {@code chunk} into a buffer of this parser's own: never a view of the chunk, whose memory around it
     * (the rest of a read, other frames) belongs to the decoder; data slices handed out stay valid as writes go
     * only past their end, and a full buffer is replaced rather than moved.
     */
    private void append(ByteBuf chunk) {
        int n = chunk.readableBytes();
        if (cum == null) {
            cum = alloc.buffer(Math.max(n, 256));
        } else if (cum.writableBytes() < n) {
            ByteBuf grown = alloc.buffer(cum.readableBytes() + n);
            grown.writeBytes(cum, cum.readerIndex(), cum.readableBytes());
            cum.release();
            cum = grown;
        }
        cum.writeBytes(chunk, chunk.readerIndex(), n);
    }

    /** The body ended; anything but a complete final boundary is malformed. */
    void end() {
        if (state != EPILOGUE) {
            throw new BadRequestException(firstDelimiterSeen ? "Multipart body ended before its final boundary"
                    : "Multipart body holds no boundary line of the Content-Type's boundary");
        }
    }

    /** Drops what is still kept. */
    void release() {
        if (cum != null) {
            cum.release();
            cum = null;
        }
    }

    private boolean step() throws Exception {
        return switch (state) {
            case PREAMBLE -> preamble();
            case BOUNDARY_END -> boundaryEnd();
            case HEADERS -> headers();
            case BODY -> body();
            default -> {
                cum.skipBytes(cum.readableBytes());
                yield false;
            }
        };
    }

    /** Before the first boundary: {@code --boundary} at the very start, or after a CRLF; the rest is skipped. */
    private boolean preamble() {
        if (atStart) {
            int n = Math.min(cum.readableBytes(), delimiter.length - 2);
            if (matches(2, n)) {
                if (n < delimiter.length - 2) {
                    return false;
                }
                cum.skipBytes(n);
                atStart = false;
                return enter(BOUNDARY_END);
            }
            atStart = false;
        }
        int end = find(delimiterSearch);
        if (end < 0) {
            cum.skipBytes(Math.max(0, cum.readableBytes() - (delimiter.length - 1)));
            return false;
        }
        cum.readerIndex(end + 1);
        return enter(BOUNDARY_END);
    }

    /** After a boundary: {@code --} ends the body; else optional padding, then CRLF starts a part. */
    private boolean boundaryEnd() {
        firstDelimiterSeen = true;
        int r = cum.readerIndex();
        int n = cum.readableBytes();
        if (n < 2) {
            return false;
        }
        if (cum.getByte(r) == '-' && cum.getByte(r + 1) == '-') {
            cum.skipBytes(n);
            state = EPILOGUE;
            return false;
        }
        int i = 0;
        while (i < n && i <= MAX_PADDING && (cum.getByte(r + i) == ' ' || cum.getByte(r + i) == '\t')) {
            i++;
        }
        if (i > MAX_PADDING) {
            throw new BadRequestException("Multipart boundary line is followed by more than " + MAX_PADDING + " blanks");
        }
        if (i + 2 > n) {
            return false;
        }
        if (cum.getByte(r + i) != '\r' || cum.getByte(r + i + 1) != '\n') {
            throw new BadRequestException("Multipart boundary line is not followed by CRLF");
        }
        cum.skipBytes(i + 2);
        return enter(HEADERS);
    }

    /** A part's header block, up to the blank line; an empty block is a lone CRLF. */
    private boolean headers() throws Exception {
        int r = cum.readerIndex();
        if (cum.readableBytes() >= 2 && cum.getByte(r) == '\r' && cum.getByte(r + 1) == '\n') {
            cum.skipBytes(2);
            sink.partStart(cum, r, r);
            return enter(BODY);
        }
        int end = find(headerEnd);
        if (end < 0 ? cum.readableBytes() > maxHeaderSize : end + 1 - r > maxHeaderSize) {
            throw new BadRequestException("Multipart part headers exceed " + maxHeaderSize + " bytes (maxPartHeaderSize)");
        }
        if (end < 0) {
            return false;
        }
        sink.partStart(cum, r, end - 3);
        cum.readerIndex(end + 1);
        return enter(BODY);
    }

    /** A part's bytes up to the next delimiter; a tail that may begin one is kept for the next chunk. */
    private boolean body() throws Exception {
        int end = find(delimiterSearch);
        int r = cum.readerIndex();
        if (end < 0) {
            int safe = cum.readableBytes() - (delimiter.length - 1);
            if (safe > 0) {
                emit(safe);
            }
            return false;
        }
        int length = end + 1 - delimiter.length - r;
        if (length > 0) {
            emit(length);
        }
        cum.skipBytes(delimiter.length);
        sink.partEnd();
        return enter(BOUNDARY_END);
    }

    private void emit(int length) throws Exception {
        ByteBuf data = cum.readRetainedSlice(length);
        try {
            sink.partData(data);
        } finally {
            data.release();
        }
    }

    private boolean enter(int next) {
        state = next;
        return cum.isReadable();
    }

    /** Index of the last byte of the first match at or after the reader index, or -1. */
    private int find(SearchProcessorFactory search) {
        if (!cum.isReadable()) {
            return -1;
        }
        return cum.forEachByte(cum.readerIndex(), cum.readableBytes(), search.newSearchProcessor());
    }

    /** Whether the first {@code n} readable bytes are {@code delimiter[from, from + n)}. */
    private boolean matches(int from, int n) {
        int r = cum.readerIndex();
        for (int i = 0; i < n; i++) {
            if (cum.getByte(r + i) != delimiter[from + i]) {
                return false;
            }
        }
        return true;
    }

    private void compact() {
        if (cum == null) {
            return;
        }
        if (!cum.isReadable()) {
            cum.release();
            cum = null;
        } else if (cum.refCnt() == 1) {
            cum.discardSomeReadBytes();
        }
    }
}
