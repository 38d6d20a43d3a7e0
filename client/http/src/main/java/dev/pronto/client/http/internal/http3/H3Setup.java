package dev.pronto.client.http.internal.http3;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientException;
import dev.pronto.client.http.ClientTls;
import dev.pronto.client.http.internal.WireSettings;
import dev.pronto.wire.KeyMaterial;
import dev.pronto.wire.PemReader;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.uring.IoUringDatagramChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.TrustManagerFactory;

/**
 * What every connection of one HTTP/3 client shares: the configuration, the datagram channel type of
 * the loops, the QUIC TLS context (BoringSSL, ALPN {@code h3}) and the QUIC transport parameters.
 */
final class H3Setup {
    /** Connection flow-control window: as the HTTP/2 client's connection window. */
    static final long MAX_DATA = 16L << 20;
    /** Per-stream window of a response body: as the HTTP/2 client's stream window. */
    static final long MAX_STREAM_DATA = 1L << 20;

    private final ClientConfig config;
    private final Class<? extends Channel> datagramClass;
    private final QuicSslContext ssl;

    H3Setup(ClientConfig config, EventLoopGroup group) {
        this.config = config;
        this.datagramClass = datagramClass(group);
        this.ssl = context(config.tls());
    }

    ClientConfig config() {
        return config;
    }

    Class<? extends Channel> datagramClass() {
        return datagramClass;
    }

    /** A QUIC client codec for one connection to {@code host:port}: SNI and the host name check use {@code host}. */
    ChannelHandler codec(String host, int port) {
        return Http3.newQuicClientCodecBuilder()
                .sslEngineProvider(q -> ssl.newEngine(q.alloc(), host, port))
                .maxIdleTimeout(config.idleTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(MAX_DATA)
                .initialMaxStreamDataBidirectionalLocal(MAX_STREAM_DATA)
                .build();
    }

    /** The client context: the trust and keys of {@code tls}; BoringSSL whatever {@code tls.engine()} says. */
    static QuicSslContext context(ClientTls tls) {
        QuicSslContextBuilder b = QuicSslContextBuilder.forClient()
                .applicationProtocols(Http3.supportedApplicationProtocols())
                .endpointIdentificationAlgorithm(
                        tls.hostnameVerification() == ClientTls.HostnameVerification.HTTPS ? "HTTPS" : null);
        try {
            if (tls.trustedCertificates() != null) {
                b.trustManager(PemReader.certificates(tls.trustedCertificates(), "trustedCertificates")
                        .toArray(X509Certificate[]::new));
            } else {
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(tls.trustStore());
                b.trustManager(tmf);
            }
            if (tls.keys() != null) {
                KeyMaterial keys = WireSettings.load(tls.keys());
                b.keyManager(keys.key(), null, keys.chain().toArray(X509Certificate[]::new));
            }
            return b.build();
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new ClientException("cannot build the QUIC TLS context from ClientConfig.tls: " + e.getMessage(), e);
        }
    }

    /** The datagram channel class matching the loops' I/O type. */
    static Class<? extends Channel> datagramClass(EventLoopGroup group) {
        if (group instanceof IoEventLoopGroup io) {
            try {
                if (io.isIoType(IoUringIoHandler.class)) {
                    return IoUringDatagramChannel.class;
                }
                if (io.isIoType(EpollIoHandler.class)) {
                    return EpollDatagramChannel.class;
                }
            } catch (LinkageError e) {
                // a native transport missing from the class path cannot be the group's type
            }
            if (io.isIoType(NioIoHandler.class)) {
                return NioDatagramChannel.class;
            }
        }
        throw new IllegalArgumentException("the event loop group must be an IoEventLoopGroup with io_uring, epoll"
                + " or NIO handlers (e.g. Server.eventLoopGroup()), got " + group.getClass().getName());
    }
}
