package dev.pronto.wire;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;

/**
 * Resolves a requested TLS provider to one that loads here (OpenSSL falls back to the JDK).
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 * Stateless; any thread.
 */
public final class TlsEngines {
    private TlsEngines() {
    }

    /** {@link SslProvider#OPENSSL} or {@link SslProvider#JDK}: the provider to use for {@code wanted} (anything but JDK asks for OpenSSL). */
    public static SslProvider resolve(SslProvider wanted) {
        return wanted != SslProvider.JDK && openSslAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
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
