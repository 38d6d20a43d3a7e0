/**
 * Pronto's outbound HTTP/1.1 client: per-host connection pools owned by event loops (the server's
 * or its own), keep-alive and pipelining with FIFO matching, batched writes, timeouts, idempotent
 * retries, chunked and streamed bodies, gzip/deflate decoding, opt-in redirects and TLS.
 * Start at {@link dev.pronto.client.http.HttpClient}.
 */
package dev.pronto.client.http;
