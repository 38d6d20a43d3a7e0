package dev.pronto.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * A file part of a {@code multipart/form-data} body ({@link FormData#files()}): small ones (up to
 * {@link FormLimits#fileThreshold()}) are held in memory, larger ones in a temporary file.
 *
 * <p>Lifetime: the server deletes the temporary file when the exchange ends (response sent, request
 * failed or aborted, connection closed, server stopped); {@link #moveTo(Path)} it to keep it. Methods
 * that touch the disk block: call them from a blocking handler, or accept the short wait on the event
 * loop only for small files. Thread-safe.
 */
public interface FileUpload {
    /** The form field name ({@code name} of the part's {@code Content-Disposition}). */
    String name();

    /**
     * The file name the client sent ({@code filename}), safe to use as one path segment: its last segment
     * only (after the last {@code /} or {@code \}), without control characters, never {@code .} or
     * {@code ..} (empty instead); may be empty, never null. See {@link Part#filename()}.
     */
    String filename();

    /**
     * The {@code filename} parameter exactly as the client sent it, directories, dot segments and control
     * characters included: for logs and audits, never to build a path; never null.
     */
    String rawFilename();

    /** The part's {@code Content-Type}; {@code application/octet-stream} when the client sent none. */
    String contentType();

    /** The size in bytes. */
    long size();

    /** Whether the bytes are held in memory rather than in a temporary file. */
    boolean inMemory();

    /**
     * The temporary file holding the bytes; an upload held in memory is written to one on the first call.
     *
     * @throws IOException if the file cannot be written
     * @throws IllegalStateException once the upload was moved or deleted
     */
    Path path() throws IOException;

    /**
     * Moves the bytes to {@code target} (replacing it), so the server no longer deletes them.
     *
     * @return {@code target}
     * @throws IOException if the move fails (the temporary file is still deleted later)
     * @throws IllegalStateException once the upload was moved or deleted
     */
    Path moveTo(Path target) throws IOException;

    /**
     * A new stream over the bytes; close it.
     *
     * @throws IOException if the temporary file cannot be opened
     * @throws IllegalStateException once the upload was moved or deleted
     */
    InputStream inputStream() throws IOException;
}
