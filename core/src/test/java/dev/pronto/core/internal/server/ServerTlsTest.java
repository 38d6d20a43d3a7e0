package dev.pronto.core.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Protocol;
import dev.pronto.core.TlsConfig;
import dev.pronto.core.TlsEngine;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A listener's TLS context is built by prepare() or the first handshake, not by the constructor. */
class ServerTlsTest {
    private static ServerTls tls() throws URISyntaxException {
        Path dir = Path.of(ServerTlsTest.class.getResource("/tls/localhost.crt").toURI()).getParent();
        TlsConfig config = TlsConfig.builder().pem(dir.resolve("localhost.crt"), dir.resolve("localhost.key"))
                .engine(TlsEngine.JDK).build();
        return new ServerTls(config, List.of(Protocol.HTTP_2, Protocol.HTTP_1_1));
    }

    @Test
    void constructingBuildsNoContext() throws Exception {
        assertThat(tls().ready()).isFalse();
    }

    @Test
    void prepareBuildsTheContext() throws Exception {
        ServerTls tls = tls();
        tls.prepare();
        assertThat(tls.ready()).isTrue();
    }

    @Test
    void aHandshakeBeforePrepareBuildsTheContext() throws Exception {
        ServerTls tls = tls();
        var handler = tls.newHandler(io.netty.buffer.ByteBufAllocator.DEFAULT);
        assertThat(tls.ready()).isTrue();
        assertThat(handler.engine().getUseClientMode()).isFalse();
    }
}
