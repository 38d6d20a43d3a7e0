/**
 * Pronto's outbound HTTP client: per-host connection pools owned by event loops (the server's or
 * its own), HTTP/1.1 keep-alive and pipelining with FIFO matching, HTTP/2 multiplexing (h2 through
 * ALPN, h2c with prior knowledge), batched writes, timeouts, idempotent retries, chunked and
 * streamed bodies, gzip/deflate decoding, opt-in redirects and TLS.
 * Start at {@link dev.pronto.client.http.HttpClient}.
 */
package dev.pronto.client.http;
