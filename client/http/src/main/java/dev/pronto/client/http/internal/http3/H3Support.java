package dev.pronto.client.http.internal.http3;

import io.netty.handler.codec.quic.Quic;

/** Checks that HTTP/3 can run here before anything of Netty's QUIC is touched. */
public final class H3Support {
    /** What to add when HTTP/3 is missing. */
    static final String ARTIFACTS = "io.netty:netty-codec-http3, io.netty:netty-codec-classes-quic and"
            + " io.netty:netty-codec-native-quic (classifier linux-x86_64, or your platform's)";

    private H3Support() {
    }

    /**
     * Throws unless the QUIC classes and BoringSSL/quiche native library load.
     *
     * @throws IllegalStateException naming the artifacts to add, with the original failure as cause
     */
    public static void require() {
        require(() -> Quic.ensureAvailability()); // a lambda: Quic resolves inside the probe, where it is caught
    }

    /** As {@link #require()}, with {@code probe} standing for the loading of QUIC (tests give one that fails). */
    static void require(Runnable probe) {
        try {
            probe.run();
        } catch (NoClassDefFoundError e) {
            throw new IllegalStateException("HTTP/3 needs " + ARTIFACTS + " on the class or module path: "
                    + "they are optional dependencies of pronto-http-client (missing: " + e.getMessage() + ")", e);
        } catch (UnsatisfiedLinkError | IllegalStateException e) {
            throw new IllegalStateException("HTTP/3 needs the QUIC native library of io.netty:netty-codec-native-quic"
                    + " for this platform (" + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
                    + "); it did not load: " + e, e);
        }
    }
}
