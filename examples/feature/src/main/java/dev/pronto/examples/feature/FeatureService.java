package dev.pronto.examples.feature;

import dev.pronto.auth.Auth;
import dev.pronto.auth.BasicVerifier;
import dev.pronto.auth.Principal;
import dev.pronto.core.ErrorFormat;
import dev.pronto.core.Listener;
import dev.pronto.core.OpenApi;
import dev.pronto.core.Server;
import dev.pronto.core.TlsConfig;
import dev.pronto.json.ProntoJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The feature service: {@link Widgets} at the root, {@link Admin} inside {@code group("/api")} behind HTTP Basic
 * (user {@code admin} has the role {@code admin}, user {@code viewer} none; both take the password given), errors
 * as problem+json, and the module's OpenAPI document at {@code /openapi.json} ({@code /openapi} renders it).
 * {@code java -jar examples/feature/target/feature-dev.jar} listens on {@code PORT} (default 8080; HTTP/1.1 and
 * h2c), and with {@code TLS_CERT} and {@code TLS_KEY} also on {@code H2_PORT} (TLS, h2 or HTTP/1.1) and
 * {@code H3_PORT} (HTTP/3); the password is {@code FEATURE_PASSWORD} (default {@code feature-demo}: a demo).
 */
public final class FeatureService implements AutoCloseable {
    private final Server server;

    private FeatureService(Server server) {
        this.server = server;
    }

    /**
     * Starts the service on {@code listeners}, with Basic passwords {@code password}.
     *
     * @throws RuntimeException if a listener cannot bind
     */
    public static FeatureService start(List<Listener> listeners, String password) {
        WidgetStore store = new WidgetStore();
        var basic = Auth.basic("feature", (user, supplied) -> !BasicVerifier.matches(supplied, password) ? null
                : user.equals("admin") ? Principal.of("admin", "admin")
                : user.equals("viewer") ? Principal.of("viewer") : null);
        Server.Builder builder = Server.builder().json(ProntoJson.create(new FeatureJson()))
                .errorFormat(ErrorFormat.PROBLEM_JSON)
                .routes(r -> r.register(new Widgets$Routes(new Widgets(store)))
                        .group("/api", g -> g.onRequest(basic).register(new Admin$Routes(new Admin(store)))))
                .routes(OpenApi.builder().ui("/openapi").build());
        listeners.forEach(builder::listener);
        return new FeatureService(builder.build().start());
    }

    /** Every listener's bound port, in the order given. */
    public List<Integer> ports() {
        return server.ports();
    }

    /** Stops the server; idempotent. */
    @Override
    public void close() {
        server.close();
    }

    /** Starts the service from the environment (see the class description) and stops it at exit. */
    public static void main(String[] args) {
        Map<String, String> env = System.getenv();
        List<Listener> listeners = new ArrayList<>(List.of(Listener.http(port(env, "PORT", 8080))));
        if (env.get("TLS_CERT") != null && env.get("TLS_KEY") != null) {
            TlsConfig tls = TlsConfig.builder().pem(Path.of(env.get("TLS_CERT")), Path.of(env.get("TLS_KEY"))).build();
            listeners.add(Listener.https(port(env, "H2_PORT", 8443), tls));
            listeners.add(Listener.http3(port(env, "H3_PORT", 8443), tls));
        }
        FeatureService service = start(listeners, env.getOrDefault("FEATURE_PASSWORD", "feature-demo"));
        Runtime.getRuntime().addShutdownHook(new Thread(service::close, "feature-shutdown"));
    }

    private static int port(Map<String, String> env, String name, int otherwise) {
        String value = env.get(name);
        return value == null ? otherwise : Integer.parseInt(value);
    }
}
