package dev.pronto.core.internal.http3;

import dev.pronto.core.Http3Config;
import dev.pronto.core.internal.server.ListenerSetup;
import dev.pronto.core.internal.server.ServerContext;
import dev.pronto.core.internal.server.ServerProtocol;
import dev.pronto.core.internal.server.WireSettings;
import dev.pronto.wire.KeyMaterial;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.unix.UnixChannelOption;
import io.netty.channel.uring.IoUringDatagramChannel;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.Quic;
import io.netty.handler.codec.quic.QuicCodecDispatcher;
import io.netty.handler.codec.quic.QuicCongestionControlAlgorithm;
import io.netty.handler.codec.quic.QuicConnectionIdGenerator;
import io.netty.handler.codec.quic.QuicServerCodecBuilder;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import java.net.InetSocketAddress;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Binds one HTTP/3 listener: datagram channels of the server's transport (epoll, io_uring, else NIO)
 * carrying Netty's QUIC server codec, with BoringSSL (from the native QUIC jar) presenting the listener's
 * certificate with ALPN {@code h3}, TLS 1.3 only and no 0-RTT, the limits of {@link Http3Config}, and
 * Retry tokens for address validation. On a native transport one socket per event loop shares the port
 * (SO_REUSEPORT, whatever {@code ServerConfig.reusePort} says: UDP has no accept to spread connections) and a
 * {@link QuicCodecDispatcher} sends each packet to the socket whose codec owns its connection id; on NIO,
 * one socket on one loop. Each accepted QUIC connection gets an {@link H3Accept}.
 */
final class H3Binding {
    private H3Binding() {
    }

    static List<Channel> bind(ListenerSetup listener, ServerContext server, ServerProtocol.Binding where) {
        if (!Quic.isAvailable()) {
            throw new IllegalStateException(Http3Protocol.NEEDS + " (" + Quic.unavailabilityCause() + ")",
                    Quic.unavailabilityCause());
        }
        Class<? extends DatagramChannel> type = datagram(where.serverChannel());
        QuicServerCodecBuilder codec = H3Sockets.tune(codec(server, ssl(listener)), server.http3().udp(), type);
        int port = listener.listener().port();
        List<Channel> bound = new ArrayList<>();
        // UDP has no accept() to hand connections to other loops: a native transport always binds one socket
        // per loop (SO_REUSEPORT), or every QUIC connection of the listener would share one core
        if (type == NioDatagramChannel.class) {
            bound.add(bindOne(H3Sockets.options(new Bootstrap().group(where.group()).channel(type)
                    .handler(codec.build()), server.http3().udp(), type), where, port));
            H3Sockets.log(server, bound.getFirst());
            return bound;
        }
        QuicCodecDispatcher dispatcher = new QuicCodecDispatcher() {
            @Override
            protected void initChannel(Channel ch, int idLength, QuicConnectionIdGenerator ids) {
                ch.pipeline().addLast(codec.clone().localConnectionIdLength(idLength)
                        .connectionIdAddressGenerator(ids).build());
            }
        };
        for (io.netty.util.concurrent.EventExecutor loop : where.group()) {
            Bootstrap b = new Bootstrap().group((EventLoop) loop).channel(type)
                    .option(UnixChannelOption.SO_REUSEPORT, true).handler(dispatcher);
            H3Sockets.options(b, server.http3().udp(), type);
            bound.add(bindOne(b, where, bound.isEmpty() ? port : port(bound.getFirst())));
        }
        H3Sockets.log(server, bound.getFirst());
        return bound;
    }

    private static QuicServerCodecBuilder codec(ServerContext server, QuicSslContext ssl) {
        Http3Config cfg = server.http3();
        QuicServerCodecBuilder builder = Http3.newQuicServerCodecBuilder()
                .sslContext(ssl)
                .maxIdleTimeout(cfg.idleTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(cfg.initialMaxData())
                .initialMaxStreamDataBidirectionalRemote(cfg.initialMaxStreamData())
                .initialMaxStreamDataBidirectionalLocal(cfg.initialMaxStreamData())
                .initialMaxStreamsBidirectional(cfg.maxBidiStreams())
                .activeConnectionIdLimit(cfg.activeConnectionIds())
                .congestionControlAlgorithm(switch (cfg.congestion().algorithm()) {
                    case CUBIC -> QuicCongestionControlAlgorithm.CUBIC;
                    case RENO -> QuicCongestionControlAlgorithm.RENO;
                    case BBR -> QuicCongestionControlAlgorithm.BBR;
                })
                .initialCongestionWindowPackets(cfg.congestion().initialWindowPackets())
                .hystart(cfg.congestion().hyStart() == Http3Config.HyStart.ON)
                .handler(new H3Accept(server));
        if (cfg.retry()) {
            builder.tokenHandler(new H3RetryTokens());
        }
        return builder;
    }

    private static Channel bindOne(Bootstrap b, ServerProtocol.Binding where, int port) {
        try {
            return b.option(ChannelOption.SO_REUSEADDR, true).bind(new InetSocketAddress(where.host(), port))
                    .syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            throw new IllegalStateException("Cannot bind UDP " + where.host() + ":" + port + " for HTTP/3 ("
                    + e.getMessage() + "); choose another port or stop the process using it", e);
        }
    }

    private static int port(Channel ch) {
        return ((InetSocketAddress) ch.localAddress()).getPort();
    }

    private static QuicSslContext ssl(ListenerSetup listener) {
        KeyMaterial keys = WireSettings.load(listener.listener().tls().keys());
        try {
            return QuicSslContextBuilder.forServer(keys.key(), null, keys.chain().toArray(new X509Certificate[0]))
                    .applicationProtocols(Http3.supportedApplicationProtocols())
                    .earlyData(false)
                    .build();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("keys: BoringSSL (QUIC) cannot use " + listener.listener().tls().keys()
                    + " (" + e.getMessage() + ")", e);
        }
    }

    /** The datagram channel of the transport whose TCP server channel is {@code serverChannel}. */
    private static Class<? extends DatagramChannel> datagram(Class<? extends ServerChannel> serverChannel) {
        if (serverChannel == EpollServerSocketChannel.class) {
            return EpollDatagramChannel.class;
        }
        if (serverChannel == IoUringServerSocketChannel.class) {
            return IoUringDatagramChannel.class;
        }
        return NioDatagramChannel.class;
    }
}
