package dev.pronto.core;

import dev.pronto.core.internal.util.JsonStrings;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Liveness and readiness endpoints with pluggable checks, as a plugin, following the Kubernetes
 * probe conventions: {@code GET /health/live} answers 200 while the process can serve at all,
 * {@code GET /health/ready} (and {@code /health}) 200 while every readiness check is up and the
 * server is not shutting down, else 503. Bodies are JSON:
 * {@code {"status":"DOWN","checks":{"postgres":"DOWN: no live connection on 2 of 2 event loops"}}}.
 *
 * <pre>{@code
 * Health health = Health.create().readiness("postgres", postgres.healthCheck());
 * Server server = Server.builder().routes(r -> r.register(health)) ... .build().start();
 * }</pre>
 *
 * <p>Readiness turns DOWN for good when the server it is registered on begins to stop: on SIGTERM (the
 * server's default shutdown hook, {@link ServerConfig#shutdownHook()}), {@link Server#stop(Duration)} or
 * {@link Server#close()}. {@link #shutdown(Server, Duration)} is the graceful order with a pause: readiness
 * flips to DOWN first, so load balancers stop sending new requests, then after the delay the server drains
 * and stops. Checks run
 * on the probing request's event loop; add them before the server starts. Thread-safe.
 */
public final class Health implements Consumer<Routes> {
    private final Map<String, HealthCheck> readiness = new LinkedHashMap<>();
    private final Map<String, HealthCheck> liveness = new LinkedHashMap<>();
    private final java.util.List<Runnable> onShuttingDown = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile boolean shuttingDown;

    private Health() {
    }

    /** Health with no checks yet: live and ready. */
    public static Health create() {
        return new Health();
    }

    /** Adds a check that must be up for {@code /health/ready} to answer 200. */
    public Health readiness(String name, HealthCheck check) {
        readiness.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(check, "check"));
        return this;
    }

    /** Adds a check that must be up for {@code /health/live} to answer 200; a failing one gets the process restarted. */
    public Health liveness(String name, HealthCheck check) {
        liveness.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(check, "check"));
        return this;
    }

    @Override
    public void accept(Routes routes) {
        routes.onDrain(this::markShuttingDown);
        routes.root().get("/health/live", documented("health.live", "Liveness: 200 while the process can serve"),
                        (req, res) -> answer(res, liveness, null))
                .get("/health/ready", documented("health.ready", "Readiness: 200 while every readiness check is up"),
                        (req, res) -> answer(res, readiness, shuttingDown ? "shutting down" : null))
                .get("/health", documented("health", "Readiness, as /health/ready"),
                        (req, res) -> answer(res, readiness, shuttingDown ? "shutting down" : null));
    }

    /** A probe's entry in the OpenAPI document ({@link OpenApi}): 200 UP or 503 DOWN, the same JSON. */
    private static RouteOptions documented(String id, String summary) {
        String schema = "{\"type\":\"object\",\"properties\":{\"status\":{\"enum\":[\"UP\",\"DOWN\"]},"
                + "\"reason\":{\"type\":\"string\"},\"checks\":{\"type\":\"object\","
                + "\"additionalProperties\":{\"type\":\"string\"}}},\"required\":[\"status\",\"checks\"]}";
        return RouteOptions.defaults().doc(RouteDoc.builder().summary(summary).tag("Health").operationId(id)
                .response(200, "UP: every check is up", "application/json", schema)
                .response(503, "DOWN: a check is down, or the server is shutting down", "application/json", schema)
                .build());
    }

    /** Flips readiness to DOWN for good, without stopping anything; runs the {@link #onShuttingDown} actions once. */
    public void markShuttingDown() {
        synchronized (onShuttingDown) {
            if (shuttingDown) {
                return;
            }
            shuttingDown = true;
        }
        onShuttingDown.forEach(Runnable::run);
    }

    /**
     * Runs {@code action} when readiness flips to DOWN for shutdown ({@link #markShuttingDown}, or the
     * start of {@link #shutdown}), on that caller's thread, such as a gRPC health service turning
     * NOT_SERVING; at once if that already happened.
     */
    public Health onShuttingDown(Runnable action) {
        Objects.requireNonNull(action, "action");
        synchronized (onShuttingDown) {
            if (!shuttingDown) {
                onShuttingDown.add(action);
                return this;
            }
        }
        action.run();
        return this;
    }

    /** Whether readiness is currently up: not shutting down and every readiness check up. */
    public boolean ready() {
        return !shuttingDown && readiness.values().stream().allMatch(c -> run(c).up());
    }

    /**
     * The graceful stop: flips readiness to DOWN, waits {@code notReadyFor} so probes and load
     * balancers see it, then stops {@code server} with its {@code shutdownTimeout} (in-flight requests
     * finish, idle connections close). Blocks the calling thread, e.g. a shutdown hook, throughout.
     */
    public void shutdown(Server server, Duration notReadyFor) {
        Objects.requireNonNull(server, "server");
        markShuttingDown();
        try {
            Thread.sleep(notReadyFor.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close();
    }

    private static void answer(Response res, Map<String, HealthCheck> checks, String forcedDown) {
        StringBuilder body = new StringBuilder(64).append("{\"status\":\"");
        StringBuilder details = new StringBuilder();
        boolean up = forcedDown == null;
        for (Map.Entry<String, HealthCheck> e : checks.entrySet()) {
            HealthCheck.Result r = run(e.getValue());
            up &= r.up();
            details.append(details.isEmpty() ? "" : ",").append('"').append(escape(e.getKey())).append("\":\"")
                    .append(r.up() ? "UP" : "DOWN: " + escape(r.detail())).append('"');
        }
        body.append(up ? "UP" : "DOWN").append('"');
        if (forcedDown != null) {
            body.append(",\"reason\":\"").append(forcedDown).append('"');
        }
        body.append(",\"checks\":{").append(details).append("}}");
        res.status(up ? 200 : 503).header("Cache-Control", "no-store").contentType("application/json").send(body.toString());
    }

    private static HealthCheck.Result run(HealthCheck check) {
        try {
            HealthCheck.Result r = check.check();
            return r == null ? HealthCheck.Result.unhealthy("check returned null") : r;
        } catch (RuntimeException e) {
            return HealthCheck.Result.unhealthy(e.getClass().getSimpleName());
        }
    }

    private static String escape(String s) {
        return JsonStrings.escaped(new StringBuilder(s.length() + 8), s).toString();
    }
}
