/** Pronto's pooled HTTP/1.1 (pipelined), HTTP/2 (multiplexed) and, optionally, HTTP/3 client on the server's event loops. */
module dev.pronto.client.http {
    requires transitive dev.pronto.core;
    requires dev.pronto.wire;
    requires transitive io.netty.handler;
    requires io.netty.codec;
    requires io.netty.codec.http;
    requires io.netty.codec.http2;
    // HTTP/3: optional dependencies, needed only by Http3Client (netty-codec-http3, netty-codec-classes-quic)
    requires static io.netty.codec.http3;
    requires static io.netty.codec.classes.quic;
    requires io.netty.codec.compression;
    requires io.netty.transport.classes.epoll;
    requires io.netty.transport.classes.io_uring;
    requires org.jctools.core;

    exports dev.pronto.client.http;
}
