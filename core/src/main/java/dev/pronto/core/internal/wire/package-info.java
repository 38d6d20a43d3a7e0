/**
 * Wire code shared by the server and Pronto's HTTP client: HTTP/1.1 head scanning, grammar, framing
 * and chunked decoding, the h2c preface and settings, teleport framing, PEM and TLS key material, TLS
 * engines and transports.
 *
 * <p>Depends on the JDK, Netty and Pronto's API only, so it can become a module of its own (issue #27
 * item 3). Exported to {@code dev.pronto.client.http}. Not API.
 */
package dev.pronto.core.internal.wire;
