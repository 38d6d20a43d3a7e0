/**
 * HTTP/3 load (load/h3.sh): {@link dev.pronto.jmh.h3.H3Load}, a closed-loop driver on Pronto's
 * {@code Http3Client}, a minimal Netty HTTP/3 server to try it against, and a Pronto h2 (TLS) server with
 * the same routes for the side-by-side h2load figure.
 */
package dev.pronto.jmh.h3;
