package dev.pronto.core;

import java.time.Duration;

/**
 * QUIC and HTTP/3 settings of a server's {@link Listener#http3} listeners, advertised to clients as
 * transport parameters and SETTINGS and enforced by the QUIC stack. A client that opens more streams than
 * allowed, sends more than the windows allow or a field section above the limit gets the matching QUIC or
 * HTTP/3 error; the header list is also bounded by {@link ServerConfig#maxHeaderSize()} plus
 * {@link ServerConfig#maxRequestLineLength()} (431 past it) and bodies by {@link ServerConfig#maxBodySize()}.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>maxBidiStreams</td><td>256</td><td>request streams a client may have open at once</td></tr>
 * <tr><td>idleTimeout</td><td>30 s</td><td>a connection with no packet for this long is closed</td></tr>
 * <tr><td>initialMaxData</td><td>16 MiB</td><td>connection receive window</td></tr>
 * <tr><td>initialMaxStreamData</td><td>1 MiB</td><td>per-stream receive window (request bodies)</td></tr>
 * <tr><td>activeConnectionIds</td><td>4</td><td>connection IDs a client may keep active (migration)</td></tr>
 * <tr><td>maxFieldSectionSize</td><td>2 &times; (maxRequestLineLength + maxHeaderSize)</td><td>SETTINGS_MAX_FIELD_SECTION_SIZE
 *     (0 here: derived from ServerConfig); a request head above maxRequestLineLength + maxHeaderSize gets 431,
 *     a field section above this closes the connection (H3_EXCESSIVE_LOAD class error of the codec)</td></tr>
 * <tr><td>maxResetsPerWindow</td><td>200 per 30 s</td><td>request streams the client resets before the connection is
 *     closed with H3_EXCESSIVE_LOAD (rapid reset, the HTTP/3 form of CVE-2023-44487)</td></tr>
 * <tr><td>retry</td><td>true</td><td>address validation: a new client is sent a Retry with a signed token first.
 *     Costs each new connection one round trip (on loopback, median connection + first request 21 against 14 ms
 *     in docs/http3.md's rounds); in exchange a spoofed flood of Initials costs no TLS handshake, no state and no
 *     certificate flight. Turn it off when clients are close or a proxy in front already validates
 *     addresses</td></tr>
 * <tr><td>udp</td><td>{@link Udp#defaults()}</td><td>UDP socket buffers, datagram size, GSO and batched
 *     receives</td></tr>
 * <tr><td>congestion</td><td>{@link Congestion#defaults()}</td><td>congestion controller, initial window and
 *     slow-start exit of each connection</td></tr>
 * </table>
 * The QPACK dynamic table is off (capacity 0, no blocked streams): nothing a client sends can make the
 * server hold encoder state. 0-RTT is off.
 *
 * @param maxBidiStreams 1..2^31-1
 * @param idleTimeout at least 1 s
 * @param initialMaxData 65,536..2^62
 * @param initialMaxStreamData 16,384..initialMaxData
 * @param activeConnectionIds 2..16
 * @param maxFieldSectionSize 0 (derived) or 1,024..2^31-1
 * @param retry whether new clients must prove their address with a Retry token
 * @param maxResetsPerWindow at least 1
 * @param resetWindow at least 1 s
 * @param udp the UDP socket settings, not null
 * @param congestion how each connection paces what it sends, not null
 */
public record Http3Config(int maxBidiStreams, Duration idleTimeout, long initialMaxData, long initialMaxStreamData,
                          int activeConnectionIds, int maxFieldSectionSize, boolean retry, int maxResetsPerWindow,
                          Duration resetWindow, Udp udp, Congestion congestion) {
    /** Validates every field; see the class javadoc. */
    public Http3Config {
        range("maxBidiStreams", maxBidiStreams, 1, Integer.MAX_VALUE);
        if (idleTimeout == null || idleTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("idleTimeout must be at least 1 s, got " + idleTimeout);
        }
        range("initialMaxData", initialMaxData, 65_536, 1L << 62);
        range("initialMaxStreamData", initialMaxStreamData, 16_384, initialMaxData);
        range("activeConnectionIds", activeConnectionIds, 2, 16);
        if (maxFieldSectionSize != 0) {
            range("maxFieldSectionSize", maxFieldSectionSize, 1024, Integer.MAX_VALUE);
        }
        range("maxResetsPerWindow", maxResetsPerWindow, 1, Integer.MAX_VALUE);
        if (resetWindow == null || resetWindow.toSeconds() < 1) {
            throw new IllegalArgumentException("resetWindow must be at least 1 s, got " + resetWindow);
        }
        if (udp == null) {
            throw new IllegalArgumentException("udp must not be null");
        }
        if (congestion == null) {
            throw new IllegalArgumentException("congestion must not be null");
        }
    }

    /** The defaults of the class table. */
    public static Http3Config defaults() {
        return new Http3Config(256, Duration.ofSeconds(30), 16L << 20, 1L << 20, 4, 0, true, 200,
                Duration.ofSeconds(30), Udp.defaults(), Congestion.defaults());
    }

    /** These settings with {@code value} as the open request stream limit. */
    public Http3Config withMaxBidiStreams(int value) {
        return new Http3Config(value, idleTimeout, initialMaxData, initialMaxStreamData, activeConnectionIds,
                maxFieldSectionSize, retry, maxResetsPerWindow, resetWindow, udp, congestion);
    }

    /** These settings with {@code value} as the idle timeout. */
    public Http3Config withIdleTimeout(Duration value) {
        return new Http3Config(maxBidiStreams, value, initialMaxData, initialMaxStreamData, activeConnectionIds,
                maxFieldSectionSize, retry, maxResetsPerWindow, resetWindow, udp, congestion);
    }

    /** These settings with {@code value} as the per-stream receive window. */
    public Http3Config withInitialMaxStreamData(long value) {
        return new Http3Config(maxBidiStreams, idleTimeout, initialMaxData, value, activeConnectionIds,
                maxFieldSectionSize, retry, maxResetsPerWindow, resetWindow, udp, congestion);
    }

    /** These settings with or without Retry address validation. */
    public Http3Config withRetry(Retry value) {
        return new Http3Config(maxBidiStreams, idleTimeout, initialMaxData, initialMaxStreamData, activeConnectionIds,
                maxFieldSectionSize, value == Retry.ON, maxResetsPerWindow, resetWindow, udp, congestion);
    }

    /** These settings with {@code value} client stream resets allowed per {@link #resetWindow()}. */
    public Http3Config withMaxResetsPerWindow(int value) {
        return new Http3Config(maxBidiStreams, idleTimeout, initialMaxData, initialMaxStreamData, activeConnectionIds,
                maxFieldSectionSize, retry, value, resetWindow, udp, congestion);
    }

    /** These settings with {@code value} as the UDP socket settings. */
    public Http3Config withUdp(Udp value) {
        return new Http3Config(maxBidiStreams, idleTimeout, initialMaxData, initialMaxStreamData, activeConnectionIds,
                maxFieldSectionSize, retry, maxResetsPerWindow, resetWindow, value, congestion);
    }

    /** These settings with {@code value} as the congestion controller of every connection. */
    public Http3Config withCongestion(Congestion value) {
        return new Http3Config(maxBidiStreams, idleTimeout, initialMaxData, initialMaxStreamData, activeConnectionIds,
                maxFieldSectionSize, retry, maxResetsPerWindow, resetWindow, udp, value);
    }

    /**
     * The UDP sockets of an HTTP/3 listener. The kernel caps the buffers at {@code net.core.rmem_max} and
     * {@code net.core.wmem_max}; the server logs what it was granted at start, and warns when that is less
     * than asked. GSO and batched receives apply on the epoll transport where the kernel has them.
     *
     * @param receiveBuffer SO_RCVBUF asked for, 65,536..2^30 (default 8 MiB: a loaded server drops no datagram)
     * @param sendBuffer SO_SNDBUF asked for, 65,536..2^30 (default 8 MiB)
     * @param maxUdpPayload the largest UDP payload sent, 1,200..65,527 (default 1,452: Ethernet's 1,500 less
     *     IPv6 and UDP headers); datagrams received may be up to max(1,500, this)
     * @param gsoSegments datagrams sent in one UDP GSO call, 0 (off) or 1..64, and at most 65,507 bytes in all
     *     ({@code gsoSegments * maxUdpPayload}: the kernel refuses a larger send, and every datagram in it would
     *     be lost); also how many datagrams one {@code recvmmsg} call reads (up to 4 calls per socket wakeup).
     *     Default 16 (23,232 bytes per send): against quic-go's server on the same client, static files cost
     *     0.87&ndash;0.98&times; its CPU per request with 16 and 1.46&times; with 0, and 40 cost more than 16
     *     (docs/http3.md, Load); 0 sends and reads one datagram per call. Only on epoll with a kernel that has
     *     UDP_SEGMENT (Linux 4.18+); NIO and io_uring send one datagram per call whatever is set
     */
    public record Udp(int receiveBuffer, int sendBuffer, int maxUdpPayload, int gsoSegments) {
        /** Validates every field; see the record's javadoc. */
        public Udp {
            range("receiveBuffer", receiveBuffer, 65_536, 1 << 30);
            range("sendBuffer", sendBuffer, 65_536, 1 << 30);
            range("maxUdpPayload", maxUdpPayload, 1200, 65_527);
            range("gsoSegments", gsoSegments, 0, 64);
            if ((long) gsoSegments * maxUdpPayload > MAX_GSO_BYTES) {
                throw new IllegalArgumentException("gsoSegments * maxUdpPayload must be at most " + MAX_GSO_BYTES
                        + " (one UDP send), got " + gsoSegments + " * " + maxUdpPayload + "; lower gsoSegments");
            }
        }

        /** The largest UDP payload one send may carry (IPv4's 65,535 less the IP and UDP headers). */
        public static final int MAX_GSO_BYTES = 65_507;

        /** 8 MiB buffers both ways, 1,452-byte datagrams, GSO sends and recvmmsg receives of 16 datagrams. */
        public static Udp defaults() {
            return new Udp(8 << 20, 8 << 20, 1452, 16);
        }
    }

    /**
     * How each QUIC connection decides how much it may have in flight (RFC 9002), as quiche implements
     * it. Settings for the server's sending side only: what a client sends is paced by the client.
     *
     * @param algorithm the congestion controller, not null
     * @param initialWindowPackets the congestion window a connection starts with, in full-size datagrams,
     *     1..1,000 (RFC 9002 recommends 10; a larger window sends a response of that many datagrams
     *     without waiting for acknowledgments, which only suits paths known to take it)
     * @param hyStart whether slow start ends early when round-trip times rise (HyStart++, RFC 9406)
     */
    public record Congestion(Algorithm algorithm, int initialWindowPackets, HyStart hyStart) {
        /** Validates every field; see the record's javadoc. */
        public Congestion {
            if (algorithm == null || hyStart == null) {
                throw new IllegalArgumentException("algorithm and hyStart must not be null");
            }
            range("initialWindowPackets", initialWindowPackets, 1, 1000);
        }

        /**
         * CUBIC, an initial window of 10 datagrams, HyStart++ on: quiche's and RFC 9002's defaults. A window
         * of 64 with HyStart++ off measured no cheaper and no lower p99 on static files (docs/http3.md, Load).
         */
        public static Congestion defaults() {
            return new Congestion(Algorithm.CUBIC, 10, HyStart.ON);
        }
    }

    /** The congestion controllers quiche has ({@link Congestion#algorithm()}). */
    public enum Algorithm {
        /** CUBIC (RFC 9438): the window grows with a cubic function of the time since the last loss. */
        CUBIC,
        /** NewReno (RFC 9002's own): the window grows by one datagram per round trip after slow start. */
        RENO,
        /** BBR: paces to the measured bottleneck bandwidth and round-trip time instead of reacting to loss. */
        BBR
    }

    /** Whether slow start may end before the first loss ({@link Congestion#hyStart()}). */
    public enum HyStart {
        /** Slow start ends when round-trip times rise (HyStart++). */
        ON,
        /** Slow start ends at the first loss. */
        OFF
    }

    /** Whether new clients are sent a Retry first ({@link #withRetry}). */
    public enum Retry {
        /** Every new connection proves its address with a signed token first. */
        ON,
        /** Connections are accepted at once (one round trip less, no address validation). */
        OFF
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " must be in " + min + ".." + max + ", got " + value);
        }
    }
}
