package dev.pronto.core.internal.server;

import dev.pronto.core.Listener;
import dev.pronto.core.Protocol;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The one INFO line a started server logs: every listener with its protocols, and how long start-up took. */
final class StartupLine {
    private StartupLine() {
    }

    /** {@code 0.0.0.0:8080 [HTTP/1.1, h2c]}: the listener's address (and TLS engine) with what it speaks. */
    static String listener(String where, Listener listener) {
        List<String> names = new ArrayList<>(listener.protocols().size());
        for (Protocol p : listener.protocols()) {
            names.add(switch (p) {
                case HTTP_1_1 -> "HTTP/1.1";
                case HTTP_2 -> listener.tls() == null ? "h2c" : "h2";
                case TELEPORT -> "teleport";
                case HTTP_3 -> "h3/UDP";
            });
        }
        return where + " " + names;
    }

    /**
     * {@code in 42 ms (process up 310 ms)}: the time {@code start()} took since {@code startNanos}, and
     * since the process started when the platform knows.
     */
    static String took(long startNanos) {
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        // ProcessHandle rather than the management beans: loading java.management would itself slow start-up
        long up = ProcessHandle.current().info().startInstant()
                .map(t -> System.currentTimeMillis() - t.toEpochMilli()).orElse(-1L);
        return "in " + ms + " ms" + (up < 0 ? "" : " (process up " + up + " ms)");
    }
}
