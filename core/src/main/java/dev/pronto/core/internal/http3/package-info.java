/**
 * HTTP/3 over QUIC (RFC 9114) on Netty's QUIC and HTTP/3 codecs: the UDP listener ({@code H3Binding}),
 * {@code H3Connection} (the carrier of one QUIC connection) and {@code H3Stream} (one request stream
 * to one exchange of the same core as every other protocol). Loaded only when an HTTP/3 listener is
 * configured: the QUIC jars are optional, and {@link dev.pronto.core.internal.http3.Http3Protocol} is
 * the only class here that the rest of the server touches.
 */
package dev.pronto.core.internal.http3;
