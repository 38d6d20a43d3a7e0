package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientException;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;

/** What every loop of one client shares: configuration, channel type and the TLS context. */
final class ClientRuntime {
    private final ClientConfig config;
    private final Class<? extends Channel> channelClass;
    private final int maxConnectionsPerLoop;
    private volatile SslContext ssl;

    ClientRuntime(ClientConfig config, Class<? extends Channel> channelClass, int loops) {
        this.config = config;
        this.channelClass = channelClass;
        this.maxConnectionsPerLoop = Math.max(1, (config.maxConnectionsPerHost() + loops - 1) / loops);
        this.ssl = config.sslContext();
    }

    ClientConfig config() {
        return config;
    }

    Class<? extends Channel> channelClass() {
        return channelClass;
    }

    int maxConnectionsPerLoop() {
        return maxConnectionsPerLoop;
    }

    /** A TLS handler for {@code origin} with SNI and host name verification. */
    SslHandler sslHandler(ByteBufAllocator alloc, Origin origin) {
        SslHandler handler = sslContext().newHandler(alloc, origin.host(), origin.port());
        SSLEngine engine = handler.engine();
        SSLParameters params = engine.getSSLParameters();
        params.setEndpointIdentificationAlgorithm("HTTPS");
        engine.setSSLParameters(params);
        return handler;
    }

    private SslContext sslContext() {
        SslContext s = ssl;
        if (s == null) {
            try {
                s = SslContextBuilder.forClient().build();
            } catch (SSLException e) {
                throw new ClientException("cannot build the default TLS context; set ClientConfig.sslContext", e);
            }
            ssl = s;
        }
        return s;
    }
}
