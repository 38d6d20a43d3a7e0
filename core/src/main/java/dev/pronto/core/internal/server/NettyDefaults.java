package dev.pronto.core.internal.server;

/**
 * Netty system properties whose defaults cost start-up time Pronto does not want to pay, set before Netty's
 * {@code PlatformDependent} reads them. A property the user set (for example {@code -Dio.netty.jfr.enabled=true})
 * is left alone.
 */
public final class NettyDefaults {
    /**
     * Netty's allocator JFR events are disabled in every recording unless enabled by name, but with this property on
     * (Netty's default) the first pooled buffer loads them, and that initialises the whole JFR metadata repository:
     * about 150 classes and 0.3 s of CPU on one core, before the first response.
     */
    static final String JFR = "io.netty.jfr.enabled";

    static {
        if (System.getProperty(JFR) == null) {
            System.setProperty(JFR, "false");
        }
    }

    private NettyDefaults() {
    }

    /**
     * Applies the defaults (once, in the static initialiser). Pronto's entry points call this from their own static
     * initialisers so that it runs before the first Netty class they touch.
     */
    public static void apply() {
        // the work happens once, in the static initialiser; calling this loads the class
    }
}
