package dev.pronto.core.internal.web;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * 64-bit key hashes for rate limits, computed without allocating: an IPv4 client is its address, an
 * IPv6 client its /64 network (one subscriber usually holds a whole /64), text its characters.
 * Addresses of other kinds (in-memory channels of tests, Unix sockets) are all one local client.
 */
public final class RateKeys {
    private static final long LOCAL = 1;

    private RateKeys() {
    }

    /** The hash of a client address; IPv6 reads the address bytes (one small copy). */
    public static long address(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            InetAddress ip = inet.getAddress();
            if (ip instanceof Inet4Address) {
                return 0x4_0000_0000L | (ip.hashCode() & 0xFFFF_FFFFL);
            }
            if (ip != null) {
                byte[] b = ip.getAddress();
                long net = 0;
                for (int i = 0; i < 8; i++) {
                    net = net << 8 | (b[i] & 0xFF);
                }
                return net ^ 0x6000_0000_0000_0000L;
            }
        }
        return LOCAL;
    }

    /** The address as a store's key text: the IP, or the IPv6 /64 network. */
    public static String addressText(SocketAddress address) {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            InetAddress ip = inet.getAddress();
            if (ip instanceof Inet4Address) {
                return ip.getHostAddress();
            }
            return Long.toHexString(address(address) ^ 0x6000_0000_0000_0000L) + "/64";
        }
        return "local";
    }

    /** The hash of text (a header value, a principal's name). */
    public static long text(CharSequence s) {
        long h = 0x9E37_79B9_7F4A_7C15L ^ s.length();
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100_0000_01B3L;
        }
        return h;
    }
}
