package dev.pronto.core;

/**
 * The head of one part of a {@code multipart/form-data} body, as a {@link PartListener} sees it.
 *
 * @param name the form field name ({@code Content-Disposition: form-data; name=...})
 * @param filename the file name safe to use as one path segment, or null for a plain field: the last segment
 *        of what the client sent (after its last {@code /} or {@code \}), without control characters
 *        (U+0000..U+001F, U+007F..U+009F), and empty rather than {@code .} or {@code ..}
 * @param contentType the part's {@code Content-Type}, or null when it sent none
 * @param rawFilename the {@code filename} parameter exactly as the client sent it (directories, dot segments
 *        and control characters included), or null for a plain field: for logs and audits, never for a path
 */
public record Part(String name, String filename, String contentType, String rawFilename) {
    /** A part whose sent file name already was safe: {@code rawFilename} is {@code filename}. */
    public Part(String name, String filename, String contentType) {
        this(name, filename, contentType, filename);
    }

    /** Whether the part is a file ({@code filename} was sent). */
    public boolean isFile() {
        return filename != null;
    }
}
