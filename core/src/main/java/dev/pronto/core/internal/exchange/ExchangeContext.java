package dev.pronto.core.internal.exchange;

import dev.pronto.core.JsonCodec;
import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.content.Compressors;
import dev.pronto.core.internal.form.UploadRegistry;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;

/**
 * What an exchange needs from the server that runs it: configuration, routes, codecs, the blocking
 * executor, logging and the {@code maxInFlight} count. The server's shared state implements it
 * ({@code server.ServerContext}); the exchange core sees only this, so it never depends on the server
 * package. Thread-safe; lives as long as its server.
 */
public interface ExchangeContext {
    /** The validated configuration. */
    ServerConfig config();

    /** The compiled routes. */
    RouteTable routes();

    /**
     * The JSON codec.
     *
     * @throws IllegalStateException when the server has none
     */
    JsonCodec json();

    /** Response compression, or null when it is off. */
    Compressors compressors();

    /** The multipart forms under way, whose temporary files a stopping server deletes. */
    UploadRegistry uploads();

    /** Where blocking handlers run (virtual threads). */
    ExecutorService blockingExecutor();

    /** The server's logger. */
    Logger log();

    /** Whether the server writes its own errors as {@code application/problem+json}. */
    boolean problemDetails();

    /** A hook, handler or callback failed after its response was sent: logged, rate-limited. */
    void failedAfterAnswer(String what, Throwable cause);

    /** Counts one request against {@code maxInFlight}; false (not counted) when the limit is reached. */
    boolean admitInFlight();

    /** Gives back one count taken by {@link #admitInFlight()}. */
    void releaseInFlight();
}
