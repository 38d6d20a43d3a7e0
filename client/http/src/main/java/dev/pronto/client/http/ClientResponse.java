package dev.pronto.client.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A received response: status, headers as received, and the body (decoded when
 * {@link ClientConfig#decompression()} allows).
 *
 * <p>Ownership: a response from {@link HttpClient#send(ClientRequest)} or
 * {@link HttpClient#sendBlocking(ClientRequest)} belongs to the caller, who must {@link #close()}
 * it (try-with-resources) to release the pooled body buffer. A response passed to a
 * {@link ResponseListener} is pooled: it is valid only during the callback and is released when
 * the callback returns; {@code body().retain()} keeps the body longer.
 */
public interface ClientResponse extends AutoCloseable {
    /** The status code, e.g. 200. */
    int status();

    /** The first value of header {@code name} (case-insensitive), or null. */
    String header(CharSequence name);

    /** Every value of header {@code name}, in order; empty when absent. */
    List<String> headers(CharSequence name);

    /** The header names, in order, with repeats. */
    List<String> headerNames();

    /**
     * Visits every header field in order, name as received and value, without building the lists
     * of {@link #headerNames()}; for proxies copying a whole head. Only during the response's life.
     */
    default void forEachHeader(java.util.function.BiConsumer<String, String> action) {
        for (String name : new java.util.LinkedHashSet<>(headerNames())) {
            for (String value : headers(name)) {
                action.accept(name, value);
            }
        }
    }

    /**
     * The first value of trailer field {@code name} (case-insensitive), or null. Trailers are exposed by
     * {@link Http3Client} only: a buffered response has them when it completes, a streamed one once its body
     * subscriber has been completed. Other clients read trailers off the wire but always answer null.
     */
    default String trailer(CharSequence name) {
        return null;
    }

    /**
     * The body; empty for HEAD, 204, 304 and streamed responses. The response owns the buffer
     * and releases it on {@link #close()}: read it, or {@code retain()} it to keep it.
     */
    ByteBuf body();

    /** A copy of the body's readable bytes. */
    default byte[] bytes() {
        return ByteBufUtil.getBytes(body());
    }

    /**
     * The body decoded with the charset of {@code Content-Type}, UTF-8 by default (also when the charset
     * is unknown or malformed).
     */
    default String string() {
        return body().toString(charset(header("content-type")));
    }

    /** Releases the body. Idempotent; a no-op inside a {@link ResponseListener}. */
    @Override
    void close();

    private static Charset charset(String contentType) {
        int at = contentType == null ? -1 : contentType.toLowerCase(Locale.ROOT).indexOf("charset=");
        if (at < 0) {
            return StandardCharsets.UTF_8;
        }
        try {
            return Charset.forName(contentType.substring(at + 8).split("[;, ]", 2)[0].replace("\"", ""));
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
