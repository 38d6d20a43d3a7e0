package dev.pronto.core.internal.http3;

/**
 * Marks the HTTP/3 carrier for {@link Http3Protocol#carries}: an interface without QUIC types, so telling
 * connections apart never loads the optional QUIC classes.
 */
interface H3Carrier {
}
