package ${package};

import dev.pronto.core.Health;
import dev.pronto.core.OpenApi;
import dev.pronto.core.Server;
import dev.pronto.core.config.Config;
import dev.pronto.json.ProntoJson;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service: {@code GET /hello/{name}} (a route), {@code /greetings} (an annotated controller),
 * health probes under {@code /health} and the OpenAPI document. Configured by {@code config/application.yaml},
 * environment variables ({@code SERVER_PORT}) and system properties ({@code -Dserver.port=...}).
 */
public final class App {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);

    private App() {
    }

    /** Starts the service and drains it on SIGTERM. */
    public static void main(String[] args) {
        Config config = Config.builder()
                .file(Path.of(System.getenv().getOrDefault("APP_CONFIG", "config/application.yaml")))
                .env(System.getenv()).systemProperties().build();
        int port = config.integer("server.port", 8080, 0, 65535);
        Duration drain = config.duration("server.drain", Duration.ofSeconds(20));
        Health health = Health.create();
        Server server = server(health).port(port).build().start();
        LOG.info("Configuration:\n{}", config.describe());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            // not ready any more: the load balancer stops sending while in-flight requests finish
            health.markShuttingDown();
            server.stop(drain);
        }, "shutdown"));
    }

    /** The service's routes on a server builder; tests start it with {@code TestClient.start(App.server(...))}. */
    public static Server.Builder server(Health health) {
        GreetingService greetings = new GreetingService();
        return Server.builder()
                .json(ProntoJson.create(new AppJson()))
                .routes(health)
                .routes(r -> r.get("/hello/{name}", (req, res) -> res.json(greetings.greet(req.param("name")))))
                .routes(new GreetingController$Routes(new GreetingController(greetings)))
                .routes(OpenApi.builder().ui("/openapi").build());
    }
}
