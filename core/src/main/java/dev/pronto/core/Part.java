package dev.pronto.core;

/**
 * The head of one part of a {@code multipart/form-data} body, as a {@link PartListener} sees it.
 *
 * @param name the form field name ({@code Content-Disposition: form-data; name=...})
 * @param filename the file name without any directory, or null for a plain field
 * @param contentType the part's {@code Content-Type}, or null when it sent none
 */
public record Part(String name, String filename, String contentType) {
    /** Whether the part is a file ({@code filename} was sent). */
    public boolean isFile() {
        return filename != null;
    }
}
