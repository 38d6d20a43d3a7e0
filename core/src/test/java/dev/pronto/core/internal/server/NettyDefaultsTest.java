package dev.pronto.core.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import org.junit.jupiter.api.Test;

/** Loading Pronto's entry point turns off Netty's JFR allocator events unless the user chose otherwise. */
class NettyDefaultsTest {
    @Test
    void serverEntryPointSetsTheJfrDefault() {
        Server.builder();

        assertThat(System.getProperty(NettyDefaults.JFR)).isEqualTo("false");
    }
}
