package dev.pronto.examples.arena;

import com.dslplatform.json.CompiledJson;
import dev.pronto.auth.Auth;
import dev.pronto.auth.JwtConfig;
import dev.pronto.auth.JwtKeys;
import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.ProblemException;
import dev.pronto.core.Cors;
import dev.pronto.core.ErrorFormat;
import dev.pronto.core.Handler;
import dev.pronto.core.HttpException;
import dev.pronto.core.OpenApi;
import dev.pronto.core.RateLimit;
import dev.pronto.core.Request;
import dev.pronto.core.RouteDoc;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import dev.pronto.core.annotation.Params;
import dev.pronto.json.ProntoJson;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * A second, small service that calls the arena's CRUD routes through the generated
 * {@code CrudApi$Client}: {@code GET /quotes/{id}?quantity=n} answers what {@code n} pieces (1 by
 * default) of the item cost. The arena's error answers come back as {@link ProblemException}s and
 * are answered with the same status and detail (a missing item is a 404 here too). Browser pages of
 * the shop may call it (CORS), at most 100 requests per second per client (burst 20). Partners get 10 %
 * off at {@code GET /quotes/partner/{id}}, with a bearer JWT (HS256 with the partner key) whose
 * {@code roles} hold {@code partner}: 401 without a valid token, 403 without the role.
 */
final class QuoteService implements AutoCloseable {
    /** The answer of {@code /quotes/{id}}; {@code partner} is the partner's name (the token's subject) or null. */
    @CompiledJson
    record Quote(long id, String name, int quantity, long total, String partner) {
    }

    private final HttpClient http;
    private final CrudApi items;
    private final Server server;

    /**
     * Starts the service on {@code port} (0 for any), calling the arena at {@code arenaUri}; partner tokens are
     * HS256 JWTs signed with {@code partnerKey} (at least 32 bytes).
     */
    QuoteService(int port, String arenaUri, byte[] partnerKey) {
        ProntoJson json = ProntoJson.create(new ArenaJson());
        http = HttpClient.create(ClientConfig.builder().ioThreads(1).build());
        items = new CrudApi$Client(http, arenaUri, json);
        var partners = Auth.jwt(JwtConfig.builder(JwtKeys.hmac(null, partnerKey)).algorithms("HS256").build());
        server = Server.builder().port(port).json(json).errorFormat(ErrorFormat.PROBLEM_JSON)
                .routes(r -> r.group("/quotes", g -> g
                        .register(Cors.builder().allowOrigins("https://shop.example", "http://localhost:5173").build())
                        .onRequest(RateLimit.builder(100, Duration.ofSeconds(1)).burst(20).build())
                        .get("/{id}", documented("quote", "What quantity pieces of an item cost"),
                                Handler.async((req, res) -> quote(req, 100, null)))
                        .group("/partner", p -> p.onRequest(partners).onRequest(Auth.requireRoles("partner"))
                                .get("/{id}", documented("partnerQuote", "A partner's quote: 10 % off"),
                                        Handler.async((req, res) -> quote(req, 90, Auth.principal(req).name()))))))
                .routes(OpenApi.builder().blank("Quotes", "1.0.0").build())
                .build().start();
    }

    /**
     * A quote route in the service's OpenAPI document ({@code /openapi.json}): the arena's answers for the
     * item pass through with their status (404 for a missing item, 400 for an id the arena refuses).
     */
    private static RouteOptions documented(String id, String summary) {
        RouteDoc.Builder doc = RouteDoc.builder().summary(summary).tag("Quotes").operationId(id)
                .pathParam("id", "{\"type\":\"integer\",\"format\":\"int64\"}")
                .query("quantity", "{\"type\":\"integer\",\"format\":\"int32\"}")
                .response(200, "The quote", "application/json", "{\"$ref\":\"#/components/schemas/Quote\"}")
                .response(404, "The arena has no such item", "application/problem+json", PROBLEM)
                .response(502, "The arena did not answer", "application/problem+json", PROBLEM)
                .component("Quote", "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\"},"
                        + "\"name\":{\"type\":[\"string\",\"null\"]},\"quantity\":{\"type\":\"integer\"},"
                        + "\"total\":{\"type\":\"integer\"},\"partner\":{\"type\":[\"string\",\"null\"]}},"
                        + "\"required\":[\"id\",\"quantity\",\"total\"]}");
        if (id.equals("partnerQuote")) {
            doc.security("bearerAuth", "{\"type\":\"http\",\"scheme\":\"bearer\",\"bearerFormat\":\"JWT\"}",
                    java.util.List.of("partner"));
        }
        return RouteOptions.defaults().doc(doc.build());
    }

    private static final String PROBLEM = "{\"$ref\":\"#/components/schemas/Problem\"}";

    /** The bound port. */
    int port() {
        return server.ports().getFirst();
    }

    private CompletionStage<Quote> quote(Request req, int percent, String partner) {
        long id = Params.longValue(req.param("id"), "id", Params.PATH);
        int quantity = Params.optional(req.query("quantity"), "quantity", Params.QUERY, Params::intValue).orElse(1);
        return items.byId(id)
                .thenApply(item -> new Quote(id, item.name(), quantity, (long) item.price() * quantity * percent / 100, partner))
                .exceptionally(failure -> {
                    Throwable cause = failure instanceof CompletionException c ? c.getCause() : failure;
                    if (cause instanceof ProblemException p) {
                        throw new HttpException(p.status(), p.detail() == null ? p.title() : p.detail());
                    }
                    throw new HttpException(502, "the arena did not answer: " + cause.getMessage());
                });
    }

    @Override
    public void close() {
        server.stop(Duration.ofSeconds(1));
        http.close();
    }
}
