package dev.pronto.proxy;

/** The Host header a {@link Proxy} sends upstream. */
public enum HostHeader {
    /** The client's Host, as received (the original is also in X-Forwarded-Host and Forwarded). */
    PRESERVE,
    /** The upstream's own host:port. */
    UPSTREAM
}
