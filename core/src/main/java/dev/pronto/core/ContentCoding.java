package dev.pronto.core;

/** A response content coding Pronto can produce, in the server's default order of preference. */
public enum ContentCoding {
    /** Brotli (RFC 7932), via brotli4j; the smallest output for text and JSON. */
    BR("br"),
    /** gzip (RFC 1952). */
    GZIP("gzip"),
    /** zlib-wrapped deflate (RFC 1950), as HTTP's {@code deflate} coding defines it. */
    DEFLATE("deflate");

    private final String token;

    ContentCoding(String token) {
        this.token = token;
    }

    /** The token used in {@code Accept-Encoding} and {@code Content-Encoding}. */
    public String token() {
        return token;
    }
}
