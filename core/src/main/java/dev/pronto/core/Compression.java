package dev.pronto.core;

import java.util.List;
import java.util.Objects;

/**
 * Response compression, negotiated per request from {@code Accept-Encoding} (q-values,
 * {@code identity} and {@code *} honoured; ties go to the order of {@link #codings()}). Responses
 * of a compressible type and at least {@link #minSize()} bytes carry {@code Vary: Accept-Encoding};
 * a request without {@code Accept-Encoding} gets no {@code Content-Encoding} at all. Fixed bodies
 * are compressed once into a pooled buffer with a {@code Content-Length}; streamed bodies are
 * compressed chunk by chunk. Enable with {@code Server.builder().compression(Compression.defaults())}.
 *
 * <p>Native memory stays bounded: gzip and deflate state is reused (one per event loop thread, and a
 * pool of about one per CPU for other threads such as blocking handlers' virtual threads); a streamed
 * response frees its compressor when it ends, fails or its connection closes.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th></tr>
 * <tr><td>codings</td><td>br, gzip, deflate</td></tr>
 * <tr><td>brotliQuality</td><td>{@value #DEFAULT_BROTLI_QUALITY} (0..11)</td></tr>
 * <tr><td>gzipLevel</td><td>{@value #DEFAULT_GZIP_LEVEL} (1..9, also used for deflate)</td></tr>
 * <tr><td>minSize</td><td>{@value #DEFAULT_MIN_SIZE} bytes</td></tr>
 * <tr><td>types</td><td>text/*, JSON, JavaScript, XML, SVG, wasm (prefix match on Content-Type)</td></tr>
 * <tr><td>gzipRequests</td><td>false: request bodies are passed on as sent</td></tr>
 * </table>
 *
 * @param codings codings offered, most preferred first; not empty
 * @param brotliQuality brotli quality 0..11
 * @param gzipLevel deflate level 1..9 for gzip and deflate
 * @param minSize smallest body worth compressing, at least 0
 * @param types content-type prefixes that are compressed
 * @param gzipRequests whether request bodies with {@code Content-Encoding: gzip} are decoded (the
 *        body limit then applies to the decoded size, checked while inflating: 413 as soon as it is
 *        exceeded; other codings get 415)
 */
public record Compression(List<ContentCoding> codings, int brotliQuality, int gzipLevel, int minSize,
                          List<String> types, boolean gzipRequests) {
    /** Default brotli quality: smaller than gzip -6 at a similar cost. */
    public static final int DEFAULT_BROTLI_QUALITY = 5;
    /** Default gzip and deflate level. */
    public static final int DEFAULT_GZIP_LEVEL = 6;
    /** Default minimum size. */
    public static final int DEFAULT_MIN_SIZE = 1024;

    /** Validates every field, naming the field and value on error. */
    public Compression {
        codings = List.copyOf(Objects.requireNonNull(codings, "codings"));
        types = List.copyOf(Objects.requireNonNull(types, "types"));
        if (codings.isEmpty()) {
            throw new IllegalArgumentException("codings must not be empty");
        }
        if (brotliQuality < 0 || brotliQuality > 11) {
            throw new IllegalArgumentException("brotliQuality must be in 0..11, got " + brotliQuality);
        }
        if (gzipLevel < 1 || gzipLevel > 9) {
            throw new IllegalArgumentException("gzipLevel must be in 1..9, got " + gzipLevel);
        }
        if (minSize < 0) {
            throw new IllegalArgumentException("minSize must be >= 0, got " + minSize);
        }
    }

    /** Compression with every default. */
    public static Compression defaults() {
        return builder().build();
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The content-type prefixes compressed by default: text, JSON, JavaScript, XML, SVG, wasm. */
    public static final List<String> DEFAULT_TYPES = List.of("text/", "application/json", "application/javascript",
            "application/xml", "application/manifest+json", "image/svg+xml", "application/wasm",
            "application/problem+json");

    /** Whether responses of {@code contentType} are compressed. */
    public boolean compresses(CharSequence contentType) {
        return matches(types, contentType);
    }

    /** Whether {@code contentType} starts with one of {@code prefixes}, ignoring case; never allocates. */
    public static boolean matches(List<String> prefixes, CharSequence contentType) {
        if (contentType == null) {
            return false;
        }
        for (String prefix : prefixes) {
            if (startsWithIgnoreCase(contentType, prefix)) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWithIgnoreCase(CharSequence s, String prefix) {
        if (s.length() < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (Character.toLowerCase(s.charAt(i)) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Fluent builder of {@link Compression}. Not thread-safe. */
    public static final class Builder {
        private List<ContentCoding> codings = List.of(ContentCoding.BR, ContentCoding.GZIP, ContentCoding.DEFLATE);
        private int brotliQuality = DEFAULT_BROTLI_QUALITY;
        private int gzipLevel = DEFAULT_GZIP_LEVEL;
        private int minSize = DEFAULT_MIN_SIZE;
        private List<String> types = DEFAULT_TYPES;
        private boolean gzipRequests;

        private Builder() {
        }

        /** Sets the codings offered, most preferred first. */
        public Builder codings(ContentCoding... value) { codings = List.of(value); return this; }

        /** Sets the brotli quality, 0..11. */
        public Builder brotliQuality(int value) { brotliQuality = value; return this; }

        /** Sets the gzip and deflate level, 1..9. */
        public Builder gzipLevel(int value) { gzipLevel = value; return this; }

        /** Sets the smallest body compressed. */
        public Builder minSize(int value) { minSize = value; return this; }

        /** Sets the content-type prefixes compressed (lower case). */
        public Builder types(String... value) {
            types = java.util.Arrays.stream(value).map(t -> t.toLowerCase(java.util.Locale.ROOT)).toList();
            return this;
        }

        /** Enables or disables decoding of gzip request bodies. */
        public Builder gzipRequests(boolean value) { gzipRequests = value; return this; }

        /** Builds and validates. */
        public Compression build() {
            return new Compression(codings, brotliQuality, gzipLevel, minSize, types, gzipRequests);
        }
    }
}
