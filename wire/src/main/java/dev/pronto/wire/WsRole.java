package dev.pronto.wire;

/**
 * Which end of a WebSocket connection a frame codec serves (RFC 6455 §5.1): a server expects masked
 * frames and sends unmasked ones, a client the other way round.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public enum WsRole {
    /** The accepting end: peer frames must be masked. */
    SERVER,
    /** The connecting end: peer frames must not be masked. */
    CLIENT
}
