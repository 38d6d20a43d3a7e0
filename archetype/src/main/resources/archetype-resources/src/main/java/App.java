package ${package};

import dev.pronto.core.ErrorFormat;
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

    /**
     * Starts the service. On SIGTERM Pronto drains it: readiness goes DOWN, in-flight requests get
     * {@code server.drain} to finish, then the process exits 0.
     */
    public static void main(String[] args) {
        String named = System.getenv("APP_CONFIG");
        Config.Builder files = Config.builder();
        // a file named explicitly must exist; the default one may be absent (a jar run from elsewhere)
        Config config = (named != null ? files.file(Path.of(named))
                : files.optionalFile(Path.of("config/application.yaml"))).env(System.getenv()).systemProperties().build();
        int port = config.integer("server.port", 8080, 0, 65535);
        Duration drain = config.duration("server.drain", Duration.ofSeconds(20));
        Server server = server(Health.create()).port(port).config(c -> c.shutdownTimeout(drain)).build();
        config.unknownKeys().forEach(LOG::warn);    // a misspelt key (prot: 9090) would otherwise be ignored
        LOG.info("Configuration:\n{}", config.describe());
        server.start();
    }

    /** The service's routes on a server builder; tests start it with {@code TestClient.start(App.server(...))}. */
    public static Server.Builder server(Health health) {
        GreetingService greetings = new GreetingService();
        return Server.builder()
                .json(ProntoJson.create(new AppJson()))
                .errorFormat(ErrorFormat.PROBLEM_JSON)          // what the OpenAPI document declares
                .routes(health)
                .routes(r -> r.get("/hello/{name}", (req, res) -> res.json(greetings.greet(req.param("name")))))
                .routes(new GreetingController$Routes(new GreetingController(greetings)))
                .routes(OpenApi.builder().ui("/openapi").build());
    }
}
