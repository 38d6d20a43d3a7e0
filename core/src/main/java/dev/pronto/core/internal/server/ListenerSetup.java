package dev.pronto.core.internal.server;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import java.util.List;
import dev.pronto.core.ServerConfig;

/**
 * A listener ready to bind: its declaration and, for TLS, its reloadable context.
 *
 * @param listener the declaration
 * @param tls the TLS side, or null for cleartext
 * @param altSvc the {@code Alt-Svc} value its responses advertise (an HTTP/3 listener shares its port), or null
 */
public record ListenerSetup(Listener listener, ServerTls tls, String altSvc) {
    /** A listener that advertises no alternative service. */
    public ListenerSetup(Listener listener, ServerTls tls) {
        this(listener, tls, null);
    }

    /**
     * {@link #deferred} setups of {@code listeners}, in order; a TCP TLS listener whose port number an
     * HTTP/3 listener shares advertises it ({@code Alt-Svc: h3=":port"; ma=86400}).
     */
    public static List<ListenerSetup> all(List<Listener> listeners) {
        java.util.Set<Integer> h3 = new java.util.HashSet<>();
        for (Listener l : listeners) {
            if (l.protocols().contains(Protocol.HTTP_3) && l.port() != 0) {
                h3.add(l.port());
            }
        }
        List<ListenerSetup> out = new java.util.ArrayList<>(listeners.size());
        for (Listener l : listeners) {
            ListenerSetup setup = deferred(l);
            boolean shares = l.tls() != null && !l.protocols().contains(Protocol.HTTP_3) && h3.contains(l.port());
            out.add(shares ? new ListenerSetup(l, setup.tls, "h3=\":" + l.port() + "\"; ma=86400") : setup);
        }
        return out;
    }

    /**
     * Checks that the listener's protocols are served and builds its TLS context now.
     *
     * @throws IllegalArgumentException naming what cannot be served or read
     */
    public static ListenerSetup of(Listener listener) {
        ListenerSetup setup = deferred(listener);
        if (setup.tls != null) {
            setup.tls.prepare();
        }
        return setup;
    }

    /** Like {@link #of(Listener)}, but the TLS context is left for {@link ServerTls#prepare()} or the first handshake. */
    public static ListenerSetup deferred(Listener listener) {
        return new ListenerSetup(listener, listener.tls() == null ? null : new ServerTls(listener.tls(), listener.protocols()));
    }

    /** The address to bind. */
    String host(ServerConfig config) {
        return listener.host() != null ? listener.host() : config.host();
    }

    /** "host:port" and, for TLS, the engine, for the start-up log and the reload messages. */
    String describe(ServerConfig config, int port) {
        String where = host(config) + ":" + port;
        // the engine is named once the context is built: resolving it earlier would load OpenSSL on the binding thread
        return tls == null ? where : where + (tls.ready() ? " [TLS, " + tls.engine() + "]" : " [TLS]");
    }
}
