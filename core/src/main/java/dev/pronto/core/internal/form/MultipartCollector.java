package dev.pronto.core.internal.form;

import dev.pronto.core.BodyListener;
import dev.pronto.core.FormFields;
import dev.pronto.core.FormData;
import dev.pronto.core.FormLimits;
import dev.pronto.core.HttpException;
import dev.pronto.core.Part;
import dev.pronto.core.PartListener;
import dev.pronto.core.PayloadTooLargeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Turns a streamed multipart body into a {@link FormData} under {@link FormLimits}: fields into memory,
 * file parts into memory up to the threshold and then to a temporary file through the {@link UploadWriter},
 * or parts to the user's {@link PartListener}. Fed on the event loop (or once, whole, on the handler's
 * thread); its result completes on the event loop. {@link #discard()} (the exchange ended) deletes every
 * temporary file, whatever happened.
 */
public final class MultipartCollector implements BodyListener, PartSink {
    private final FormLimits limits;
    private final PartListener listener;
    private final MultipartParser parser;
    private final UploadWriter writer;
    private final Executor loop;
    private final CompletableFuture<FormData> result = new CompletableFuture<>();
    private final FormFields.Builder fields = new FormFields.Builder();
    private final List<Upload> uploads = new ArrayList<>();
    private final Budget budget;
    private final UploadRegistry registry;
    private Part part;
    private BodyListener custom;
    private Upload upload;
    private boolean spilled;
    private boolean wrote;
    private ByteArrayOutputStream field;
    private boolean settled;
    private boolean discarded;

    /**
     * A collector for a body of {@code contentType}.
     *
     * @throws HttpException 415 or 400 for a Content-Type that is not multipart or has no valid boundary
     */
    public MultipartCollector(String contentType, FormLimits limits, PartListener listener, Channel io) {
        this.limits = limits;
        this.listener = listener;
        this.loop = io.loop();
        this.budget = new Budget(limits);
        this.parser = new MultipartParser(io.alloc(), Boundary.of(contentType), limits.maxPartHeaderSize(), this);
        this.writer = new UploadWriter(loop, io.gate());
        this.registry = io.registry();
        registry.add(this);
    }

    /**
     * Where a collector runs.
     *
     * @param loop the event loop results complete on
     * @param alloc the allocator of the connection
     * @param gate stops and resumes reading a streamed body; null for a body in memory
     * @param registry the server's forms under way, which it discards when it stops
     */
    public record Channel(Executor loop, ByteBufAllocator alloc, Gate gate, UploadRegistry registry) {
    }

    /** Stops and resumes reading a streamed body, from the event loop. */
    public interface Gate {
        /** Stops reading until {@link #resume()}. */
        void pause();

        /** Reads again. */
        void resume();
    }

    /** The form, complete once the body has ended and its files are on disk. */
    public CompletionStage<FormData> result() {
        return result;
    }

    /** Parses a body already in memory, on the calling thread; failures fail the result. */
    public void whole(ByteBuf body) {
        try {
            onChunk(body);
            onEnd();
        } catch (Exception e) {
            // already failed the result
        }
    }

    @Override
    public void onChunk(ByteBuf chunk) throws Exception {
        if (settled) {
            return;
        }
        try {
            budget.total(chunk.readableBytes());
            parser.feed(chunk);
        } catch (Exception e) {
            onError(e);
            throw e;
        }
    }

    @Override
    public void onEnd() throws Exception {
        if (settled) {
            return;
        }
        try {
            parser.end();
        } catch (RuntimeException e) {
            onError(e);
            throw e;
        }
        parser.release();
        FormData data = new FormData(fields.build(), List.copyOf(uploads));
        if (!wrote) {
            settled = true;
            result.complete(data);
            return;
        }
        writer.then(failure -> {
            if (failure != null) {
                onError(new HttpException(500, "Could not store an uploaded file", failure));
            } else if (!settled) {
                settled = true;
                result.complete(data);
            }
        });
    }

    @Override
    public void onError(Throwable cause) {
        if (settled) {
            return;
        }
        settled = true;
        parser.release();
        if (custom != null) {
            BodyListener l = custom;
            custom = null;
            l.onError(cause);
        }
        discard();
        // after the caller's own answer: a failure thrown from onChunk or onEnd is answered by the server
        // (which also closes the connection) before a handler waiting on the result sees it
        try {
            loop.execute(() -> result.completeExceptionally(cause));
        } catch (RuntimeException stopped) {
            result.completeExceptionally(cause);
        }
    }

    /** The exchange ended: drops what is held and deletes every temporary file. Idempotent; event loop. */
    public void discard() {
        settled = true;
        parser.release();
        if (discarded) {
            return;
        }
        discarded = true;
        registry.remove(this);
        if (!uploads.isEmpty()) {
            writer.discard(List.copyOf(uploads));
        }
    }

    /** The server stopped with this form under way (its loop is gone): deletes its files on the calling thread. */
    void discardNow() {
        settled = true;
        discarded = true;
        writer.discard(List.of());
        List.copyOf(uploads).forEach(Upload::delete);
        result.completeExceptionally(new java.util.concurrent.CancellationException("the server stopped"));
    }

    @Override
    public void partStart(ByteBuf headers, int from, int to) throws Exception {
        budget.part();
        part = PartHeaders.parse(headers, from, to);
        custom = listener == null ? null : listener.onPart(part);
        if (custom != null) {
            return;
        }
        if (part.isFile()) {
            upload = new Upload(part, budget.dir());
            uploads.add(upload);
            spilled = false;
        } else {
            budget.field();
            field = new ByteArrayOutputStream();
        }
    }

    @Override
    public void partData(ByteBuf data) throws Exception {
        int n = data.readableBytes();
        if (custom != null) {
            custom.onChunk(data);
        } else if (upload != null) {
            fileData(data, n);
        } else {
            budget.fieldBytes(part.name(), field.size(), n);
            data.getBytes(data.readerIndex(), field, n);
        }
    }

    private void fileData(ByteBuf data, int n) {
        long size = upload.counted() + n;
        if (size > limits.maxFileSize()) {
            throw new PayloadTooLargeException("File part '" + part.name() + "' exceeds " + limits.maxFileSize()
                    + " bytes (maxFileSize)");
        }
        if (!spilled && size <= limits.fileThreshold() && budget.tryMemory(n)) {
            upload.keep(data);
            return;
        }
        if (!spilled) {
            spilled = true;
            wrote = true;
            budget.freeMemory(upload.counted());
            writer.spill(upload);
        }
        upload.count(n);
        writer.write(upload, data);
    }

    @Override
    public void partEnd() throws Exception {
        if (custom != null) {
            BodyListener l = custom;
            custom = null;
            l.onEnd();
        } else if (upload != null) {
            if (spilled) {
                writer.close(upload);
            }
            upload = null;
        } else {
            fields.add(part.name(), field.toString(StandardCharsets.UTF_8));
            field = null;
        }
        part = null;
    }
}
