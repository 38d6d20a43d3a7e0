/**
 * HTTP/1.1 (RFC 9112): the {@code HttpConnection} carrier, request decoding, pipelined response order
 * ({@code ResponseQueue}), chunked writing and the idle and read timeouts. On cleartext listeners that
 * offer HTTP/2 it sniffs the h2c preface and honours {@code Upgrade: h2c}, handing the channel to
 * HTTP/2 found by protocol id; WebSocket switches it through {@code ProtocolSwitch}.
 *
 * <p>Depends on the exchange core, never on another protocol. Not API.
 */
package dev.pronto.core.internal.http1;
