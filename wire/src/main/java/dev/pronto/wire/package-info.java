/**
 * Wire code shared by Pronto's server and Pronto's HTTP client: HTTP/1.1 head scanning, grammar, body
 * framing and chunked decoding, the h2c preface and settings, teleport framing, WebSocket frames (parser,
 * frame rules, UTF-8 check, message assembly, outbound encoding and batching), PEM and TLS key
 * material, TLS engines and transports.
 *
 * <p><b>Public but for Pronto's own modules:</b> the package is exported so {@code dev.pronto.core} and
 * {@code dev.pronto.client.http} can share it without either exporting an internal package; it is not
 * API, applications must not use it, and it may change in any release. Depends on the JDK and Netty only
 * (never on Pronto's API: callers map their settings to the small types here, such as
 * {@link dev.pronto.wire.IoTransport} and Netty's {@code SslProvider}).
 */
package dev.pronto.wire;
