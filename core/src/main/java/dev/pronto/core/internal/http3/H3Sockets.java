package dev.pronto.core.internal.http3;

import dev.pronto.core.Http3Config;
import dev.pronto.core.internal.server.ServerContext;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.socket.DatagramChannel;
import io.netty.handler.codec.quic.EpollQuicUtils;
import io.netty.handler.codec.quic.QuicChannelOption;
import io.netty.handler.codec.quic.QuicServerCodecBuilder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The UDP side of an HTTP/3 listener ({@link Http3Config.Udp}): socket buffers large enough that a loaded
 * server's kernel queue does not overflow (the default 208 KiB dropped datagrams under load, and each drop
 * costs QUIC a loss recovery), datagrams as large as Ethernet allows instead of quiche's 1,200 bytes, and on
 * epoll several datagrams per system call both ways: UDP GSO for sends ({@code sendmsg} with segments) and
 * {@code recvmmsg} for receives. Logs once per listener what the kernel granted.
 */
final class H3Sockets {
    /** Room for a received datagram: Ethernet's largest UDP payload and some, whatever the send size. */
    private static final int MIN_RECEIVE_SLOT = 1500;
    /** recvmmsg calls per socket wakeup at most (each of gsoSegments datagrams), before other work runs. */
    private static final int READS_PER_WAKEUP = 4;

    private H3Sockets() {
    }

    /** Applies the datagram sizes and, on epoll with kernel support, GSO to the QUIC codec. */
    static QuicServerCodecBuilder tune(QuicServerCodecBuilder codec, Http3Config.Udp udp,
                                       Class<? extends DatagramChannel> type) {
        codec.maxSendUdpPayloadSize(udp.maxUdpPayload()).maxRecvUdpPayloadSize(slot(udp));
        if (type == EpollDatagramChannel.class && udp.gsoSegments() > 0) {
            // NONE (no segments) when the kernel has no UDP_SEGMENT: the codec then sends datagram by datagram
            codec.option(QuicChannelOption.SEGMENTED_DATAGRAM_PACKET_ALLOCATOR,
                    EpollQuicUtils.newSegmentedAllocator(udp.gsoSegments()));
        }
        return codec;
    }

    /** Sets the socket buffers and, on epoll, batched receives of {@code gsoSegments} datagrams per call. */
    static Bootstrap options(Bootstrap b, Http3Config.Udp udp, Class<? extends DatagramChannel> type) {
        b.option(ChannelOption.SO_RCVBUF, udp.receiveBuffer()).option(ChannelOption.SO_SNDBUF, udp.sendBuffer());
        if (type == EpollDatagramChannel.class && udp.gsoSegments() > 0) {
            int slot = slot(udp);
            // recvmmsg reads as many datagrams as fit the read buffer, each in a slot of this size. A new
            // allocator reads once per wakeup unless told otherwise (the channel's default reads 16 datagrams):
            // one call per event loop turn left a loaded socket's queue to other work, where the kernel drops
            b.option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, slot)
                    .option(ChannelOption.RECVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(slot * udp.gsoSegments())
                            .maxMessagesPerRead(READS_PER_WAKEUP * udp.gsoSegments()));
        }
        return b;
    }

    private static int slot(Http3Config.Udp udp) {
        return Math.max(MIN_RECEIVE_SLOT, udp.maxUdpPayload());
    }

    /** Logs the buffers the kernel granted {@code ch}; warns when they are below what was asked. */
    static void log(ServerContext server, Channel ch) {
        Http3Config.Udp udp = server.http3().udp();
        // Linux reports twice the size it grants (the other half is its bookkeeping), capped by rmem_max/wmem_max
        int receive = ch.config().getOption(ChannelOption.SO_RCVBUF) / 2;
        int send = ch.config().getOption(ChannelOption.SO_SNDBUF) / 2;
        server.log().info("HTTP/3 on UDP {}: receive buffer {} bytes (asked {}), send buffer {} bytes (asked {}), "
                        + "datagrams up to {} bytes, {}", ch.localAddress(), receive, udp.receiveBuffer(), send,
                udp.sendBuffer(), udp.maxUdpPayload(), ch instanceof EpollDatagramChannel && udp.gsoSegments() > 0
                        ? "GSO and recvmmsg by " + udp.gsoSegments() : "one datagram per call");
        if (receive < udp.receiveBuffer() || send < udp.sendBuffer()) {
            server.log().warn("HTTP/3 UDP socket buffers are below what was asked: the kernel caps them at "
                    + "net.core.rmem_max={} and net.core.wmem_max={}; raise them (sysctl -w net.core.rmem_max={}) "
                    + "or datagrams may be dropped under load", sysctl("rmem_max"), sysctl("wmem_max"),
                    udp.receiveBuffer());
        }
    }

    private static String sysctl(String name) {
        try {
            // procfs reports a size of 0: read lines, not the "whole file"
            try (java.util.stream.Stream<String> lines = Files.lines(Path.of("/proc/sys/net/core/" + name))) {
                return lines.findFirst().orElse("?").trim();
            }
        } catch (java.io.IOException | RuntimeException e) {
            return "?";
        }
    }
}
