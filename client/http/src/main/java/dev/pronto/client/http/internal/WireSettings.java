package dev.pronto.client.http.internal;

import dev.pronto.core.TlsEngine;
import dev.pronto.core.TlsKeys;
import dev.pronto.core.Transport;
import dev.pronto.wire.IoTransport;
import dev.pronto.wire.KeyMaterial;
import io.netty.handler.ssl.SslProvider;

/**
 * Maps the client's settings (the API's {@link Transport}, {@link TlsEngine}, {@link TlsKeys}) to the
 * wire module's inputs, which depend on the JDK and Netty only. Public for the h3 package; internal.
 */
public final class WireSettings {
    private WireSettings() {
    }

    /** The wire transport to resolve {@code t} from; AUTO starts at the best, io_uring. */
    public static IoTransport transport(Transport t) {
        return switch (t) {
            case AUTO, IO_URING -> IoTransport.IO_URING;
            case EPOLL -> IoTransport.EPOLL;
            case NIO -> IoTransport.NIO;
        };
    }

    /** The provider to resolve {@code e} from: AUTO and OPENSSL ask for OpenSSL. */
    public static SslProvider provider(TlsEngine e) {
        return e == TlsEngine.JDK ? SslProvider.JDK : SslProvider.OPENSSL;
    }

    /** Reads {@code keys} now; errors as {@link TlsKeys} describes them. */
    public static KeyMaterial load(TlsKeys keys) {
        return switch (keys) {
            case TlsKeys.Pem p -> KeyMaterial.pem(p.certificateChain(), p.privateKey(), p.password());
            case TlsKeys.KeyStoreFile f -> KeyMaterial.keyStore(KeyMaterial.readKeyStore(f.file(), f.password()), f.password(),
                    "keyStore " + f.file());
            case TlsKeys.InMemoryKeyStore s -> KeyMaterial.keyStore(s.keyStore(), s.password(), "keyStore");
        };
    }
}
