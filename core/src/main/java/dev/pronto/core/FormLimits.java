package dev.pronto.core;

import java.nio.file.Path;

/**
 * Limits of form bodies: {@code application/x-www-form-urlencoded} ({@link Request#form()}) and
 * {@code multipart/form-data} ({@link Request#multipart()}). Set them for the whole server on the root
 * {@link Routes#formLimits(FormLimits)}, for a group on the group's, or for one route with
 * {@link RouteOptions#forms(FormLimits)}; the nearest applies. A multipart body also stays within
 * {@code maxBodySize}: raise it for large uploads.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Beyond it</th></tr>
 * <tr><td>maxFields</td><td>1000</td><td>413: fields of a form (url-encoded, or the non-file parts of a multipart one)</td></tr>
 * <tr><td>maxFieldSize</td><td>64 KiB</td><td>413: bytes of one field's value</td></tr>
 * <tr><td>maxMemorySize</td><td>2 MiB</td><td>413: bytes of one form held in memory (url-encoded body; multipart
 *     fields and files up to {@code fileThreshold})</td></tr>
 * <tr><td>maxParts</td><td>1000</td><td>413: parts of a multipart body</td></tr>
 * <tr><td>maxPartHeaderSize</td><td>8 KiB</td><td>400 and a close: bytes of one part's header block</td></tr>
 * <tr><td>maxFileSize</td><td>1 GiB</td><td>413: bytes of one file part</td></tr>
 * <tr><td>maxTotalSize</td><td>1 GiB</td><td>413: bytes of one multipart body</td></tr>
 * <tr><td>fileThreshold</td><td>16 KiB</td><td>a file part larger than this goes to a temporary file</td></tr>
 * <tr><td>tempDir</td><td>null: {@code java.io.tmpdir}</td><td>where temporary files are made</td></tr>
 * </table>
 *
 * <p>Immutable and thread-safe.
 *
 * @param maxFields fields per form, at least 1
 * @param maxFieldSize bytes of one field value, at least 1
 * @param maxMemorySize bytes of one form in memory, at least {@code maxFieldSize}
 * @param maxParts parts per multipart body, at least 1
 * @param maxPartHeaderSize bytes of one part's headers, 64..1 MiB
 * @param maxFileSize bytes of one file part, at least 1
 * @param maxTotalSize bytes of one multipart body, at least 1
 * @param fileThreshold bytes of a file part kept in memory, 0..{@code maxMemorySize}
 * @param tempDir directory of temporary files, or null for {@code java.io.tmpdir}
 */
public record FormLimits(int maxFields, int maxFieldSize, long maxMemorySize, int maxParts, int maxPartHeaderSize,
                         long maxFileSize, long maxTotalSize, int fileThreshold, Path tempDir) {
    private static final FormLimits DEFAULTS = builder().build();

    /** Validates every field; messages name the field and the value. */
    public FormLimits {
        atLeast("maxFields", maxFields, 1);
        atLeast("maxFieldSize", maxFieldSize, 1);
        atLeast("maxMemorySize", maxMemorySize, maxFieldSize);
        atLeast("maxParts", maxParts, 1);
        atLeast("maxPartHeaderSize", maxPartHeaderSize, 64);
        if (maxPartHeaderSize > 1 << 20) {
            throw new IllegalArgumentException("maxPartHeaderSize must be <= 1048576, got " + maxPartHeaderSize);
        }
        atLeast("maxFileSize", maxFileSize, 1);
        atLeast("maxTotalSize", maxTotalSize, 1);
        atLeast("fileThreshold", fileThreshold, 0);
        if (fileThreshold > maxMemorySize) {
            throw new IllegalArgumentException("fileThreshold must be <= maxMemorySize (" + maxMemorySize + "), got "
                    + fileThreshold);
        }
    }

    private static void atLeast(String field, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(field + " must be >= " + min + ", got " + value);
        }
    }

    /** The defaults of the class table. */
    public static FormLimits defaults() {
        return DEFAULTS;
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Fluent builder of {@link FormLimits}; setters take the bare property name. Not thread-safe. */
    public static final class Builder {
        private int maxFields = 1000;
        private int maxFieldSize = 64 * 1024;
        private long maxMemorySize = 2L * 1024 * 1024;
        private int maxParts = 1000;
        private int maxPartHeaderSize = 8 * 1024;
        private long maxFileSize = 1L << 30;
        private long maxTotalSize = 1L << 30;
        private int fileThreshold = 16 * 1024;
        private Path tempDir;

        private Builder() {
        }

        /** Sets the most fields per form. */
        public Builder maxFields(int value) { maxFields = value; return this; }

        /** Sets the most bytes of one field value. */
        public Builder maxFieldSize(int value) { maxFieldSize = value; return this; }

        /** Sets the most bytes of one form held in memory. */
        public Builder maxMemorySize(long value) { maxMemorySize = value; return this; }

        /** Sets the most parts per multipart body. */
        public Builder maxParts(int value) { maxParts = value; return this; }

        /** Sets the most bytes of one part's header block. */
        public Builder maxPartHeaderSize(int value) { maxPartHeaderSize = value; return this; }

        /** Sets the most bytes of one file part. */
        public Builder maxFileSize(long value) { maxFileSize = value; return this; }

        /** Sets the most bytes of one multipart body. */
        public Builder maxTotalSize(long value) { maxTotalSize = value; return this; }

        /** Sets the size up to which a file part stays in memory. */
        public Builder fileThreshold(int value) { fileThreshold = value; return this; }

        /** Sets the directory of temporary files (null: {@code java.io.tmpdir}). */
        public Builder tempDir(Path value) { tempDir = value; return this; }

        /**
         * Builds and validates the limits.
         *
         * @throws IllegalArgumentException naming the first invalid field and its value
         */
        public FormLimits build() {
            return new FormLimits(maxFields, maxFieldSize, maxMemorySize, maxParts, maxPartHeaderSize, maxFileSize,
                    maxTotalSize, fileThreshold, tempDir);
        }
    }
}
