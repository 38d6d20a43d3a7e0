/**
 * Wire code Pronto's server ({@code dev.pronto.core}) and client ({@code dev.pronto.client.http}) share:
 * HTTP/1.1 grammar, head scanning, body framing and chunked decoding, the h2c preface, teleport framing,
 * WebSocket frames, TLS key material and engines, transports. JDK and Netty only.
 *
 * <p>Its package is exported because Pronto's own modules use it; it is not API: applications must not
 * use it, and it may change in any release.
 */
module dev.pronto.wire {
    requires transitive io.netty.buffer;
    requires transitive io.netty.common;
    requires transitive io.netty.transport;
    requires transitive io.netty.handler;
    requires transitive io.netty.codec;
    requires transitive io.netty.codec.http;
    requires transitive io.netty.codec.http2;
    requires io.netty.transport.classes.epoll;
    requires io.netty.transport.classes.io_uring;

    exports dev.pronto.wire;
}
