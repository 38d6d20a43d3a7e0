package dev.pronto.client.http.internal.http3;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The error a user gets when the optional HTTP/3 dependencies are missing. */
class H3SupportTest {
    @Test
    void missingClassesNameTheArtifactsToAdd() {
        assertThatThrownBy(() -> H3Support.require(() -> {
            throw new NoClassDefFoundError("io/netty/handler/codec/quic/Quic");
        })).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("io.netty:netty-codec-http3")
                .hasMessageContaining("io.netty:netty-codec-classes-quic")
                .hasMessageContaining("io.netty:netty-codec-native-quic")
                .hasCauseInstanceOf(NoClassDefFoundError.class);
    }

    @Test
    void missingNativeLibraryNamesTheNativeArtifact() {
        assertThatThrownBy(() -> H3Support.require(() -> {
            throw new UnsatisfiedLinkError("no netty_quiche42");
        })).isInstanceOf(IllegalStateException.class).hasMessageContaining("io.netty:netty-codec-native-quic");
    }

    @Test
    void availableHereWithTheTestClassPath() {
        assertThatCode(H3Support::require).doesNotThrowAnyException();
    }
}
