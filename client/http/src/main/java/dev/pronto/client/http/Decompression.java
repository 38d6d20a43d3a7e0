package dev.pronto.client.http;

/** Whether buffered response bodies are decoded according to their {@code Content-Encoding}. */
public enum Decompression {
    /** Bodies are returned as received, and no {@code Accept-Encoding} is added. */
    OFF,
    /**
     * Requests without an {@code Accept-Encoding} header get {@code gzip, deflate}, and gzip or
     * deflate bodies are decoded (within {@code maxResponseSize}). Headers stay as received.
     */
    GZIP_DEFLATE
}
