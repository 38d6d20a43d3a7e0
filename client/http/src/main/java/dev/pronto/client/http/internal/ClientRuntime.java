package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ClientTls;
import dev.pronto.core.Protocol;
import dev.pronto.core.TlsConfig;
import dev.pronto.wire.KeyMaterial;
import dev.pronto.wire.PemReader;
import dev.pronto.wire.TlsEngines;
import io.netty.buffer.ByteBufAllocator;
import dev.pronto.wire.IoTransport;
import dev.pronto.wire.Transports;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import java.security.GeneralSecurityException;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/** What every loop of one client shares: configuration, channel type and the TLS context. */
public final class ClientRuntime {
    private final ClientConfig config;
    private final Class<? extends Channel> channelClass;
    private final int maxConnectionsPerLoop;
    private final ConnectionProtocols protocols;
    private volatile SslContext ssl;
    private volatile SslContext webSocketSsl;

    /** The runtime of a client on {@code loops} loops, opening pooled connections through {@code protocols}. */
    public ClientRuntime(ClientConfig config, Class<? extends Channel> channelClass, int loops,
                         ConnectionProtocols protocols) {
        this.config = config;
        this.protocols = protocols;
        this.channelClass = channelClass;
        this.maxConnectionsPerLoop = Math.max(1, (config.maxConnectionsPerHost() + loops - 1) / loops);
        this.ssl = config.sslContext();
    }

    ClientConfig config() {
        return config;
    }

    /** The socket channel type of the client's loops. */
    public Class<? extends Channel> channelClass() {
        return channelClass;
    }

    /** The protocols pooled connections are opened with. */
    ConnectionProtocols protocols() {
        return protocols;
    }

    int maxConnectionsPerLoop() {
        return maxConnectionsPerLoop;
    }

    /** Whether an https connection may end up on HTTP/2: offered through ALPN, or a given context decides. */
    boolean mayNegotiateHttp2() {
        return config.sslContext() != null || config.protocols().contains(Protocol.HTTP_2);
    }

    /** A TLS handler for {@code origin} with SNI and, unless opted out, host name verification. */
    SslHandler sslHandler(ByteBufAllocator alloc, Origin origin) {
        return verified(sslContext().newHandler(alloc, origin.host(), origin.port()));
    }

    /**
     * As {@link #sslHandler}, for {@code wss://}: the same trust and keys, but ALPN offers only
     * http/1.1, since the upgrade is an HTTP/1.1 request (RFC 8441 over HTTP/2 is not supported).
     * A context given as {@code ClientConfig.sslContext} is used as it is.
     */
    public SslHandler webSocketSslHandler(ByteBufAllocator alloc, Origin origin) {
        SslContext s = config.sslContext();
        if (s == null) {
            s = webSocketSsl;
            if (s == null) {
                s = build(config, java.util.List.of(Protocol.HTTP_1_1));
                webSocketSsl = s;
            }
        }
        return verified(s.newHandler(alloc, origin.host(), origin.port()));
    }

    private SslHandler verified(SslHandler handler) {
        SSLEngine engine = handler.engine();
        SSLParameters params = engine.getSSLParameters();
        // set either way: Netty 4.2 verifies by default, so the opt-out must be explicit too
        params.setEndpointIdentificationAlgorithm(endpointIdentification(config.tls()));
        engine.setSSLParameters(params);
        return handler;
    }

    /** Offers the configured protocols; a server that picks none (or has no ALPN) gets HTTP/1.1. */
    private static ApplicationProtocolConfig alpn(java.util.List<Protocol> protocols) {
        return new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                protocols.stream().map(Protocol::alpnId).toList());
    }

    private static String endpointIdentification(ClientTls tls) {
        return tls.hostnameVerification() == ClientTls.HostnameVerification.HTTPS ? "HTTPS" : null;
    }

    private SslContext sslContext() {
        SslContext s = ssl;
        if (s == null) {
            s = build(config, config.protocols());
            ssl = s;
        }
        return s;
    }

    private static SslContext build(ClientConfig config, java.util.List<Protocol> protocols) {
        return context(config.tls(), alpn(protocols));
    }

    /** A client context from {@code tls}: for teleport, which runs TLS without ALPN. */
    public static SslContext teleportContext(ClientTls tls) {
        return context(tls, ApplicationProtocolConfig.DISABLED);
    }

    /** A handler for {@code host:port} (SNI) from {@code context}, host name verified unless {@code tls} opts out. */
    public static SslHandler handler(SslContext context, ClientTls tls, ByteBufAllocator alloc, String host, int port) {
        SslHandler handler = context.newHandler(alloc, host, port);
        SSLParameters params = handler.engine().getSSLParameters();
        params.setEndpointIdentificationAlgorithm(endpointIdentification(tls));
        handler.engine().setSSLParameters(params);
        return handler;
    }

    private static SslContext context(ClientTls tls, ApplicationProtocolConfig alpn) {
        SslContextBuilder b = SslContextBuilder.forClient()
                .sslProvider(TlsEngines.resolve(WireSettings.provider(tls.engine())))
                .protocols(TlsConfig.DEFAULT_PROTOCOLS)
                .endpointIdentificationAlgorithm(endpointIdentification(tls))
                .applicationProtocolConfig(alpn);
        try {
            if (tls.trustedCertificates() != null) {
                b.trustManager(PemReader.certificates(tls.trustedCertificates(), "trustedCertificates"));
            } else if (tls.trustStore() != null) {
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(tls.trustStore());
                b.trustManager(tmf);
            }
            if (tls.keys() != null) {
                KeyMaterial keys = WireSettings.load(tls.keys());
                b.keyManager(keys.key(), keys.chain());
            }
            return b.build();
        } catch (SSLException | GeneralSecurityException | IllegalArgumentException e) {
            throw new ClientException("cannot build the TLS context from ClientConfig.tls: " + e.getMessage(), e);
        }
    }

    /**
     * The socket channel type for {@code group}'s transport; {@link IllegalArgumentException} for a group
     * of another kind.
     */
    public static Class<? extends Channel> channelClass(EventLoopGroup group) {
        if (group instanceof IoEventLoopGroup io) {
            try {
                if (io.isIoType(IoUringIoHandler.class)) {
                    return Transports.socketChannel(IoTransport.IO_URING);
                }
                if (io.isIoType(EpollIoHandler.class)) {
                    return Transports.socketChannel(IoTransport.EPOLL);
                }
            } catch (LinkageError e) {
                // A native transport missing from the class path cannot be the group's type.
            }
            if (io.isIoType(NioIoHandler.class)) {
                return Transports.socketChannel(IoTransport.NIO);
            }
        }
        throw new IllegalArgumentException("the event loop group must be an IoEventLoopGroup with io_uring, epoll"
                + " or NIO handlers (e.g. Server.eventLoopGroup()), got " + group.getClass().getName());
    }
}
