package dev.pronto.core.internal.server;

import dev.pronto.core.Listener;
import dev.pronto.core.ServerConfig;

/**
 * A listener ready to bind: its declaration and, for TLS, its reloadable context.
 *
 * @param listener the declaration
 * @param tls the TLS side, or null for cleartext
 */
public record ListenerSetup(Listener listener, ServerTls tls) {
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
