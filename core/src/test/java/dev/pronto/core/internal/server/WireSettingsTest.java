package dev.pronto.core.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.TlsEngine;
import dev.pronto.core.Transport;
import dev.pronto.wire.IoTransport;
import io.netty.handler.ssl.SslProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The API's settings as the wire module's inputs, and resolved ones back. */
class WireSettingsTest {
    @Test
    void autoTransportStartsAtTheBest() {
        assertThat(WireSettings.transport(Transport.AUTO)).isEqualTo(IoTransport.IO_URING);
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = "AUTO", mode = EnumSource.Mode.EXCLUDE)
    void aNamedTransportMapsToItselfAndBack(Transport t) {
        assertThat(WireSettings.transport(WireSettings.transport(t))).isEqualTo(t);
    }

    @Test
    void onlyTheJdkEngineAsksForTheJdkProvider() {
        assertThat(WireSettings.provider(TlsEngine.JDK)).isEqualTo(SslProvider.JDK);
        assertThat(WireSettings.provider(TlsEngine.AUTO)).isEqualTo(SslProvider.OPENSSL);
        assertThat(WireSettings.provider(TlsEngine.OPENSSL)).isEqualTo(SslProvider.OPENSSL);
    }

    @Test
    void aResolvedProviderNamesItsEngine() {
        assertThat(WireSettings.engine(SslProvider.OPENSSL)).isEqualTo(TlsEngine.OPENSSL);
        assertThat(WireSettings.engine(SslProvider.JDK)).isEqualTo(TlsEngine.JDK);
    }
}
