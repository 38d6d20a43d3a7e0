package dev.pronto.core.testing;

import dev.pronto.core.TlsEngine;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import javax.net.ssl.SSLException;

/**
 * The client side of {@link TestClient}'s TLS connections: trusts any certificate (the peer is the
 * server under test) and offers exactly one ALPN protocol, so a test knows which carrier it hits.
 */
final class ClientTls {
    private final SslContext h2;
    private final SslContext http11;

    ClientTls(TlsEngine serverEngine) {
        SslProvider provider = serverEngine != TlsEngine.JDK && OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        this.h2 = context(provider, ApplicationProtocolNames.HTTP_2);
        this.http11 = context(provider, ApplicationProtocolNames.HTTP_1_1);
    }

    /** A handler for a new connection; HTTP/2 offers {@code h2}, otherwise {@code http/1.1}. */
    SslHandler handler(ByteBufAllocator alloc, boolean http2) {
        return (http2 ? h2 : http11).newHandler(alloc, "localhost", 443);
    }

    private static SslContext context(SslProvider provider, String alpn) {
        try {
            return SslContextBuilder.forClient().sslProvider(provider).trustManager(InsecureTrustManagerFactory.INSTANCE)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, alpn))
                    .build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up the test client's TLS", e);
        }
    }
}
