/**
 * HTTP/2 (RFC 9113) on Netty's codec: the {@code H2Connection} carrier, request headers and bodies
 * per stream, response writing with flow control, flood and header limits, the h2c-only listener gate
 * and the HTTP/2 side of an h2c upgrade.
 *
 * <p>Depends on the exchange core, never on another protocol. Not API.
 */
package dev.pronto.core.internal.http2;
