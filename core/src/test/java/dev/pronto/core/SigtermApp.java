package dev.pronto.core;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child process of {@link SigtermDrainTest}: a server with the default shutdown hook whose handler
 * takes 20 ms, so SIGTERM always finds requests in flight. Prints its port, and when stopped, how many
 * requests reached the handler.
 */
public final class SigtermApp {
    private SigtermApp() {
    }

    /** Starts the server; the JVM lives on its event loops until SIGTERM. */
    public static void main(String[] args) {
        AtomicLong started = new AtomicLong();
        Health health = Health.create();
        Server server = Server.builder().config(c -> c.port(0).ioThreads(2).shutdownTimeout(Duration.ofSeconds(5)))
                .routes(r -> r.register(health).get("/work", Handler.async((req, res) -> {
                    started.incrementAndGet();
                    return CompletableFuture.supplyAsync(() -> "done",
                            CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS));
                })))
                .onStop(s -> System.out.println("started=" + started.get() + " ready=" + health.ready()))
                .build().start();
        System.out.println("port=" + server.port());
    }
}
