/**
 * Running a server: binding listeners and transports, each accepted channel's set-up
 * ({@code ServerInitializer}, TLS and ALPN), the protocol registry ({@code ServerProtocol},
 * {@code ProtocolCarriers}; the protocols are registered in {@code registry.BuiltInProtocols}), the state every connection shares
 * ({@code ServerContext}), shutdown, the start-up line, config files and counters.
 *
 * <p>Names no protocol package: the protocols depend on this one, never the reverse. Not API.
 */
package dev.pronto.core.internal.server;
