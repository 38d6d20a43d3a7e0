/**
 * WebSocket (RFC 6455, permessage-deflate RFC 7692): the route that answers the opening handshake and
 * switches its carrier, the connection, frame decoding and writing, and the client-side driver Pronto's
 * HTTP client uses.
 *
 * <p>Depends on the exchange core, never on another protocol. Not API.
 */
package dev.pronto.core.internal.websocket;
