package dev.pronto.grpc;

import dev.pronto.core.Listener;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.TlsChannelCredentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/** How the tests reach a Pronto server: h2c with prior knowledge, or h2 over TLS (ALPN). */
enum Wire {
    H2C, TLS;

    private static final Path CERT = Path.of("../core/src/test/resources/tls/localhost.crt");
    private static final Path KEY = Path.of("../core/src/test/resources/tls/localhost.key");

    /** A started server on a free port serving {@code grpc}. */
    Server start(Consumer<dev.pronto.core.Routes> grpc) {
        Listener listener = this == H2C ? Listener.http(0)
                : Listener.https(0, TlsConfig.builder().pem(CERT, KEY).build());
        return Server.builder().listener(listener).routes(grpc).build().start();
    }

    /** A grpc-java Netty channel to {@code server}. */
    ManagedChannel channel(Server server) {
        return channel(server, b -> { });
    }

    ManagedChannel channel(Server server, Consumer<io.grpc.ManagedChannelBuilder<?>> tune) {
        ChannelCredentials creds;
        try {
            creds = this == H2C ? InsecureChannelCredentials.create()
                    : TlsChannelCredentials.newBuilder().trustManager(CERT.toFile()).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        io.grpc.ManagedChannelBuilder<?> b = io.grpc.Grpc.newChannelBuilderForAddress("localhost", server.port(), creds);
        tune.accept(b);
        return b.build();
    }
}
