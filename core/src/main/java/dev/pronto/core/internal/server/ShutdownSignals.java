package dev.pronto.core.internal.server;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import sun.misc.Signal;

/**
 * The process-wide drain on shutdown: one JVM shutdown hook stops every registered server gracefully,
 * in parallel, and SIGTERM exits through it with status 0 rather than the JVM's 143, so a container
 * runtime sees a clean stop; SIGINT (Ctrl-C) likewise exits 0 rather than 130. A signal is taken only
 * while nobody else handles it (an application's own handler, or {@code -Xrs}, is left alone: the hook
 * still drains on exit).
 */
public final class ShutdownSignals {
    private static final Map<Object, Runnable> DRAINS = new ConcurrentHashMap<>();
    private static boolean installed;

    private ShutdownSignals() {
    }

    /**
     * Makes JVM exit (and SIGTERM) run {@code drain} for {@code owner} until {@link #unregister}. Any thread.
     *
     * @param drain stops the owner gracefully and blocks until it stopped; logs its own steps
     */
    public static void register(Object owner, Runnable drain, Logger log) {
        DRAINS.put(owner, drain);
        install(log);
    }

    /** Forgets {@code owner}'s drain: it stopped by other means. Any thread. */
    public static void unregister(Object owner) {
        DRAINS.remove(owner);
    }

    private static synchronized void install(Logger log) {
        if (installed) {
            return;
        }
        installed = true;
        Runtime.getRuntime().addShutdownHook(new Thread(ShutdownSignals::drainAll, "pronto-shutdown"));
        handle("TERM", 15, log);
        handle("INT", 2, log);
    }

    private static void handle(String name, int number, Logger log) {
        try {
            Signal.handle(new Signal(name), signal -> exit(name, number, log));
        } catch (IllegalArgumentException | LinkageError unavailable) {
            // -Xrs or a platform without the signal: JVM exit still drains through the hook
            log.debug("SIG{} handler not installed ({}); the shutdown hook still drains", name, unavailable.toString());
        }
    }

    private static void exit(String name, int number, Logger log) {
        boolean serving = !DRAINS.isEmpty();
        log.info("SIG{} received{}", name, serving ? ": draining before exit" : "");
        // System.exit runs the shutdown hook, which drains; with nothing to drain keep the JVM's usual status
        System.exit(serving ? 0 : 128 + number);
    }

    /**
     * Drains every registered owner now, as SIGTERM would, without exiting: the dev loop's restart. Blocks until
     * they stopped. Any thread.
     */
    public static void drainNow() {
        drainAll();
    }

    private static void drainAll() {
        List<Thread> stopping = List.copyOf(DRAINS.values()).stream()
                .map(drain -> Thread.ofPlatform().name("pronto-drain").start(drain)).toList();
        for (Thread t : stopping) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
