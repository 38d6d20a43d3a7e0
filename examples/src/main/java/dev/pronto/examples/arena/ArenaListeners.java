package dev.pronto.examples.arena;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import dev.pronto.core.TlsConfig;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HttpArena's ports as listeners, always in this order so {@code Server.ports()} can be read by index:
 * {@link #HTTP} (HTTP/1.1 and h2c prior knowledge, which gRPC needs), {@link #H2C} (h2c only),
 * then, when the certificate files exist, {@link #TLS} (HTTPS, HTTP/1.1 only) and {@link #H2} (ALPN h2
 * and http/1.1), and last the teleport listener ({@code TELEPORT_PORT}). Every listener serves the same routes.
 */
final class ArenaListeners {
    static final int HTTP = 0;
    static final int H2C = 1;
    static final int TLS = 2;
    static final int H2 = 3;
    static final int H3 = 4;
    private static final Logger LOG = LoggerFactory.getLogger(ArenaListeners.class);

    private ArenaListeners() {
    }

    /** The listeners {@code config} asks for; without readable TLS files, only the cleartext ones (logged once). */
    static List<Listener> of(ArenaConfig config) {
        List<Listener> listeners = new ArrayList<>(List.of(Listener.http(config.port()), Listener.h2c(config.h2cPort())));
        if (!config.hasCertificate()) {
            LOG.warn("No readable TLS_CERT ({}) and TLS_KEY ({}): json-tls on TLS_PORT {} and h2 on H2_PORT {} are off",
                    config.tlsCert(), config.tlsKey(), config.tlsPort(), config.h2Port());
            listeners.add(Listener.teleport(config.teleportPort()));
            return listeners;
        }
        TlsConfig tls = TlsConfig.builder().pem(config.tlsCert(), config.tlsKey()).build();
        listeners.add(Listener.https(config.tlsPort(), tls).withProtocols(Protocol.HTTP_1_1));
        listeners.add(Listener.https(config.h2Port(), tls));
        listeners.add(Listener.http3(config.h3Port(), tls));
        listeners.add(Listener.teleport(config.teleportPort()));
        return listeners;
    }
}
