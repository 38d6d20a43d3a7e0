/**
 * Pronto's HTTP/1.1 server on Netty. Exports the API, the route annotations and the in-memory test
 * client; no implementation package is exported to everyone (the wire code Pronto's HTTP client shares
 * with the server is the module {@code dev.pronto.wire}; the WebSocket endpoint both run is exported to
 * that client alone).
 */
// "module": the qualified export below names the HTTP client, which is not built yet when core compiles
@SuppressWarnings("module")
module dev.pronto.core {
    requires transitive dev.pronto.router;
    requires dev.pronto.wire;
    requires transitive io.netty.buffer;
    requires transitive io.netty.common;
    requires transitive io.netty.transport;
    requires io.netty.handler;
    requires io.netty.codec;
    requires io.netty.codec.http;
    requires io.netty.codec.http2;
    requires io.netty.codec.compression;
    // HTTP/3: optional jars, linked only when an HTTP/3 listener is configured
    requires static io.netty.codec.http3;
    requires static io.netty.codec.classes.quic;
    requires io.netty.transport.classes.epoll;
    requires io.netty.transport.classes.io_uring;
    requires io.netty.transport.unix.common;
    requires com.aayushatharva.brotli4j;
    requires org.slf4j;
    requires jdk.unsupported;
    // the dev loop (dev.pronto.core.dev) compiles with javac's API; a service never loads it
    requires static java.compiler;
    requires static java.management;

    exports dev.pronto.core;
    exports dev.pronto.core.annotation;
    exports dev.pronto.core.config;
    exports dev.pronto.core.testing;
    exports dev.pronto.core.dev;
    // not API: the WebSocket endpoint both ends run, written once, for Pronto's HTTP client alone
    exports dev.pronto.core.internal.wsendpoint to dev.pronto.client.http;

    // the dev loop loads the service's annotation processors apart from the JVM's class path
    uses javax.annotation.processing.Processor;
}
