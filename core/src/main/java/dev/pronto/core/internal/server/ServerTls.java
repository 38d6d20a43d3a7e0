package dev.pronto.core.internal.server;

import dev.pronto.core.Protocol;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.TlsEngine;
import dev.pronto.wire.KeyMaterial;
import dev.pronto.wire.PemReader;
import dev.pronto.wire.TlsEngines;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.OpenSslSessionContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TLS side of one listener: the current {@link SslContext}, rebuilt from the files by a reload while
 * connections made with the previous one carry on. Thread-safe: handshakes read the context on the event
 * loops, reloads run on any thread.
 */
public final class ServerTls {
    private static final Logger LOG = LoggerFactory.getLogger("dev.pronto.core.Server");
    private final TlsConfig config;
    private final List<String> alpn;
    private TlsEngine engine;
    private final List<Path> files = new ArrayList<>();
    private volatile SslContext context;
    private volatile String subject;
    private long[] stamps;
    /** The files as read by the constructor, until the first context is built from them. */
    private Material material;

    private record Material(KeyMaterial keys, List<java.security.cert.X509Certificate> trusted) {
    }

    /**
     * Reads the key material now; the first context is built from it by {@link #prepare()}, or by the first
     * handshake.
     *
     * @param protocols offered through ALPN, most preferred first
     * @throws IllegalArgumentException naming the field whose file cannot be used
     */
    public ServerTls(TlsConfig config, List<Protocol> protocols) {
        this.config = config;
        this.alpn = protocols.stream().map(Protocol::alpnId).toList();
        files.addAll(config.keys().files());
        if (config.trustedCertificates() != null) {
            files.add(config.trustedCertificates());
        }
        stamps = stamps();
        material = read();
    }

    /**
     * Builds the first context unless one exists. Why apart from the constructor: the first context of a
     * process costs hundreds of milliseconds (engine and JSSE initialisation), which a server builds off the
     * thread that binds its cleartext ports.
     *
     * @throws IllegalArgumentException naming the field whose file cannot be used
     */
    public synchronized void prepare() {
        if (context == null) {
            context = build(material);
            material = null;
        }
    }

    /** Whether a context is built, so a handshake can start at once. */
    boolean ready() {
        return context != null;
    }

    /** The engine in use; resolving it loads OpenSSL when AUTO or OPENSSL was asked for. */
    public synchronized TlsEngine engine() {
        TlsEngine e = engine;
        if (e == null) {
            e = WireSettings.engine(TlsEngines.resolve(WireSettings.provider(config.engine())));
            if (config.engine() == TlsEngine.OPENSSL && e != TlsEngine.OPENSSL) {
                LOG.warn("TLS engine OPENSSL unavailable ({}); using JDK", TlsEngines.openSslUnavailabilityCause());
            }
            engine = e;
        }
        return e;
    }

    TlsConfig config() {
        return config;
    }

    /** A handler for one new connection, from the current context. */
    public SslHandler newHandler(ByteBufAllocator alloc) {
        SslContext current = context;
        if (current == null) {
            prepare();
            current = context;
        }
        SslHandler handler = current.newHandler(alloc);
        handler.setHandshakeTimeoutMillis(config.handshakeTimeout().toMillis());
        return handler;
    }

    /**
     * Reads the files again and switches new handshakes to them; on failure keeps the current context and
     * logs one WARN naming the file.
     *
     * @param where the listener, for the log
     * @return whether the new material is in use
     */
    synchronized boolean reload(String where) {
        stamps = stamps();
        try {
            context = build(read());
            material = null;
            LOG.info("TLS certificate of {} reloaded: {}", where, subject);
            return true;
        } catch (RuntimeException e) {
            LOG.warn("TLS reload of {} failed; keeping the previous certificate: {}", where, e.getMessage());
            return false;
        }
    }

    /** Whether a file changed (modification time or presence) since the last load attempt. */
    synchronized boolean changed() {
        return !java.util.Arrays.equals(stamps, stamps());
    }

    private long[] stamps() {
        long[] out = new long[files.size()];
        for (int i = 0; i < out.length; i++) {
            try {
                out[i] = Files.getLastModifiedTime(files.get(i)).toMillis();
            } catch (java.io.IOException | RuntimeException gone) {
                out[i] = Long.MIN_VALUE;
            }
        }
        return out;
    }

    private Material read() {
        return new Material(WireSettings.load(config.keys()), config.clientAuth() == TlsConfig.ClientAuth.NONE ? null
                : PemReader.certificates(config.trustedCertificates(), "trustedCertificates"));
    }

    private SslContext build(Material material) {
        TlsEngine engine = engine();
        KeyMaterial keys = material.keys();
        SslContextBuilder b = SslContextBuilder.forServer(keys.key(), keys.chain())
                .sslProvider(WireSettings.provider(engine))
                // Netty hands the key to either engine through an in-memory KeyStore that is never written out; a
                // PKCS#12 one (the JDK default) encrypts and decrypts the key with 10,000 PBKDF2 rounds, about 0.4 s of
                // start-up CPU per context before the JIT warms up. JKS holds it the same way without that cost.
                .keyStoreType("JKS")
                .protocols(config.protocols())
                .sessionCacheSize(config.sessionCacheSize())
                .sessionTimeout(config.sessionTimeout().toSeconds())
                // no common protocol: do not select one, so the connection falls back to HTTP/1.1 (both engines support this)
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, alpn));
        if (config.clientAuth() != TlsConfig.ClientAuth.NONE) {
            b.clientAuth(config.clientAuth() == TlsConfig.ClientAuth.REQUIRE ? ClientAuth.REQUIRE : ClientAuth.OPTIONAL)
                    .trustManager(material.trusted());
        } else {
            b.trustManager(NoClientCertificates.INSTANCE);
        }
        SslContext built;
        try {
            built = b.build();
        } catch (javax.net.ssl.SSLException | RuntimeException e) {
            throw new IllegalArgumentException("keys: " + engine + " cannot use " + config.keys() + " (" + e.getMessage() + ")", e);
        }
        if (built.sessionContext() instanceof OpenSslSessionContext sessions) {
            // Netty leaves tickets off for OpenSSL; with no keys given BoringSSL makes and rotates its own
            sessions.setTicketKeys();
        }
        subject = keys.certificate().getSubjectX500Principal() + ", serial " + keys.certificate().getSerialNumber().toString(16);
        return built;
    }
}
