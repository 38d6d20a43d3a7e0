package dev.pronto.proxy.internal;

/**
 * What a streaming proxy route forwards to and how. Internal: not API.
 *
 * @param members the upstreams
 * @param preserveHost whether to send the client's Host, else the upstream's host:port
 * @param via this proxy's Via entry, e.g. {@code 1.1 pronto}
 * @param maxWholeBody the most body bytes gathered for an upstream that cannot stream (teleport)
 */
public record StreamedRoute(Members members, boolean preserveHost, String via, int maxWholeBody) {
}
