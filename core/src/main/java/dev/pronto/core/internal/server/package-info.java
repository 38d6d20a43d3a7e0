/**
 * Running a server: binding listeners and transports, each accepted channel's set-up
 * ({@code ServerInitializer}, TLS and ALPN), the protocol registry ({@code ServerProtocol},
 * {@code ProtocolCarriers}, {@code BuiltInProtocols}), the state every connection shares
 * ({@code ServerContext}), shutdown, the start-up line, config files and counters.
 *
 * <p>Only {@code BuiltInProtocols} names protocol packages. Not API.
 */
package dev.pronto.core.internal.server;
