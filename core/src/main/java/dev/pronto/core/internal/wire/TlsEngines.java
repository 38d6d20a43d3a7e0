package dev.pronto.core.internal.wire;

import dev.pronto.core.TlsEngine;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;

/** Resolves a requested {@link TlsEngine} to one that loads here (OpenSSL falls back to the JDK). */
public final class TlsEngines {
    private TlsEngines() {
    }

    /** OPENSSL or JDK: the engine to use for {@code wanted}. */
    public static TlsEngine resolve(TlsEngine wanted) {
        return wanted != TlsEngine.JDK && openSslAvailable() ? TlsEngine.OPENSSL : TlsEngine.JDK;
    }

    /** Netty's provider for a resolved engine. */
    public static SslProvider provider(TlsEngine resolved) {
        return resolved == TlsEngine.OPENSSL ? SslProvider.OPENSSL : SslProvider.JDK;
    }

    /** Why OpenSSL does not load here, for the log; null when it does. */
    public static Throwable openSslUnavailabilityCause() {
        try {
            return OpenSsl.unavailabilityCause();
        } catch (LinkageError e) {
            return e;
        }
    }

    private static boolean openSslAvailable() {
        try {
            return OpenSsl.isAvailable();
        } catch (LinkageError e) {
            return false;
        }
    }
}
