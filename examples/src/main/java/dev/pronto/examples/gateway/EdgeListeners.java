package dev.pronto.examples.gateway;

import dev.pronto.core.Listener;
import dev.pronto.core.TlsConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * The gateway's listeners: TLS on its port offering h2 and http/1.1 through ALPN ({@code gateway-64}), and with
 * {@code H3=1} also HTTP/3 on the same port number over UDP ({@code gateway-h3}, compose.gateway-h3.yml).
 */
final class EdgeListeners {
    /** Whether the edge also serves HTTP/3: the {@code H3} environment variable, {@code 0} (default) or {@code 1}. */
    enum Http3 {
        OFF, ON;

        /**
         * The switch {@code value} sets; null or empty is {@link #OFF}.
         *
         * @throws IllegalArgumentException for anything but {@code 0} or {@code 1}, naming the variable and value
         */
        static Http3 fromEnv(String value) {
            if (value == null || value.isEmpty() || value.equals("0")) {
                return OFF;
            }
            if (value.equals("1")) {
                return ON;
            }
            throw new IllegalArgumentException("H3 must be 0 or 1, got '" + value + "'");
        }
    }

    private EdgeListeners() {
    }

    /** The listeners of an edge on {@code port} with {@code tls}. */
    static List<Listener> of(int port, TlsConfig tls, Http3 h3) {
        List<Listener> listeners = new ArrayList<>(List.of(Listener.https(port, tls)));
        if (h3 == Http3.ON) {
            listeners.add(http3(port, tls));
        }
        return listeners;
    }

    /** HTTP/3 over QUIC on UDP {@code port}: the TLS listener on the same port number advertises it (Alt-Svc). */
    private static Listener http3(int port, TlsConfig tls) {
        return Listener.http3(port, tls);
    }
}
