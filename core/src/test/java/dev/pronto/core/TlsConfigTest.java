package dev.pronto.core;

import static dev.pronto.core.TlsFixtures.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** TLS settings fail at build time with messages naming the field and the file. */
class TlsConfigTest {
    @Test
    void missingCertificateFileIsNamed() {
        Path missing = Path.of("/nonexistent/cert.pem");

        assertThatThrownBy(() -> TlsKeys.pem(missing, file("localhost.key")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("certificateChain: cannot read /nonexistent/cert.pem");
    }

    @Test
    void keyThatIsNotPemIsNamed() {
        assertThatThrownBy(() -> TlsKeys.pem(file("localhost.crt"), file("localhost.crt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("privateKey: " + file("localhost.crt") + " holds no PEM private key");
    }

    @Test
    void keyNotMatchingTheCertificateIsRefused() {
        assertThatThrownBy(() -> TlsKeys.pem(file("localhost.crt"), file("localhost2.key")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not match the certificate");
    }

    @Test
    void encryptedKeyOpensWithItsPassword() {
        assertThat(TlsKeys.pem(file("localhost.crt"), file("localhost-encrypted.key"), "secret").files()).hasSize(2);
    }

    @Test
    void encryptedKeyWithoutPasswordIsRefused() {
        assertThatThrownBy(() -> TlsKeys.pem(file("localhost.crt"), file("localhost-encrypted.key")))
                .hasMessageContaining("is encrypted; give its password");
    }

    @Test
    void encryptedKeyWithWrongPasswordIsRefused() {
        assertThatThrownBy(() -> TlsKeys.pem(file("localhost.crt"), file("localhost-encrypted.key"), "wrong"))
                .hasMessageStartingWith("privateKey: cannot decrypt");
    }

    @Test
    void keyStoreWithWrongPasswordIsNamed() {
        assertThatThrownBy(() -> TlsKeys.keyStore(file("localhost.p12"), "wrong"))
                .hasMessageStartingWith("keyStore: cannot read " + file("localhost.p12"));
    }

    @Test
    void passwordsAreNotShown() {
        assertThat(TlsKeys.pem(file("localhost.crt"), file("localhost-encrypted.key"), "secret").toString())
                .doesNotContain("secret");
    }

    @Test
    void versionsBeforeTls12AreRefused() {
        assertThatThrownBy(() -> TlsFixtures.localhost(TlsEngine.AUTO).protocols("TLSv1.3", "TLSv1.1").build())
                .hasMessage("protocols: TLSv1.1 is not allowed; use [TLSv1.3, TLSv1.2]");
    }

    @Test
    void requiredClientCertificatesNeedTrustedCertificates() {
        assertThatThrownBy(() -> TlsFixtures.localhost(TlsEngine.AUTO).clientAuth(TlsConfig.ClientAuth.REQUIRE).build())
                .hasMessageContaining("trustedCertificates");
    }

    @Test
    void missingKeysAreNamed() {
        assertThatThrownBy(() -> TlsConfig.builder().build()).hasMessageStartingWith("keys");
    }

    @Test
    void defaultsAreModernAndWatchIsOff() {
        TlsConfig tls = TlsFixtures.localhost(TlsEngine.AUTO).build();

        assertThat(tls.protocols()).containsExactly("TLSv1.3", "TLSv1.2");
        assertThat(tls.handshakeTimeout()).hasSeconds(10);
        assertThat(tls.reloadInterval()).isZero();
    }
}
