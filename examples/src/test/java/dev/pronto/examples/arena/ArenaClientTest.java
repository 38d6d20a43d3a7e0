package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import dev.pronto.client.http.ProblemException;
import dev.pronto.json.ProntoJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The generated {@code CrudApi$Client} against the real arena app and its embedded Postgres, over
 * sockets: create, read, list with query parameters, and the errors as {@link ProblemException}s.
 * Then {@link QuoteService}, a second service, calling the arena through the same client.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArenaClientTest {
    private static final Path SHARED = Path.of("").toAbsolutePath().getParent().getParent().resolve("shared/arena-data");
    private ArenaApp app;
    private HttpClient http;
    private CrudApi items;

    @BeforeAll
    void start() throws Exception {
        Path dataDir = Files.isDirectory(SHARED) ? SHARED : Files.createTempDirectory("arena-none");
        app = ArenaDev.start(Map.of("PORT", "0", "H2C_PORT", "0", "TELEPORT_PORT", "0", "DATA_DIR", dataDir.toString()));
        ArenaReady.await(app.port());
        http = HttpClient.create(ClientConfig.builder().ioThreads(1).build());
        items = new CrudApi$Client(http, "http://127.0.0.1:" + app.port(), ProntoJson.create(new ArenaJson()));
    }

    @AfterAll
    void stop() {
        http.close();
        app.close();
    }

    private static final byte[] PARTNER_KEY = "a partner key of at least 32 bytes, for tests".getBytes(StandardCharsets.US_ASCII);

    /** An HS256 token for {@code subject} with {@code roles}, signed with {@code key}, valid for a minute. */
    private static String token(byte[] key, String subject, String... roles) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), new JWTClaimsSet.Builder().subject(subject)
                .claim("roles", List.of(roles)).expirationTime(new Date(System.currentTimeMillis() + 60_000)).build());
        jwt.sign(new MACSigner(key));
        return jwt.serialize();
    }

    private ClientResponse partnerQuote(QuoteService quotes, String token) throws Exception {
        ClientRequest.Builder request = ClientRequest.builder().uri("http://127.0.0.1:" + quotes.port() + "/quotes/partner/42?quantity=10");
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.sendBlocking(request.build());
    }

    private static <T> T await(CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static ProblemException problem(CompletionStage<?> stage) {
        ExecutionException failed = catchThrowableOfType(ExecutionException.class, () -> await(stage));
        assertThat(failed.getCause()).isInstanceOf(ProblemException.class);
        return (ProblemException) failed.getCause();
    }

    @Test
    void createsThenReadsAnItem() throws Exception {
        Model.NewItem sent = new Model.NewItem(300001, "Contract item", "contract", 42, 7);

        assertThat(await(items.create(sent))).isEqualTo(sent);
        Model.Item read = await(items.byId(300001));
        assertThat(read.id()).isEqualTo(300001);
        assertThat(read.name()).isEqualTo("Contract item");
        assertThat(read.category()).isEqualTo("contract");
        assertThat(read.price()).isEqualTo(42);
    }

    @Test
    void blockingMethodWaitsForTheItem() {
        assertThat(items.item(42).id()).isEqualTo(42);
    }

    @Test
    void listSendsTheQueryParameters() throws Exception {
        await(items.create(new Model.NewItem(300011, "Listed one", "contract-list", 1, 1)));
        await(items.create(new Model.NewItem(300012, "Listed two", "contract-list", 2, 1)));

        Model.Page second = await(items.list(Optional.of("contract-list"), Optional.of(2), Optional.of(1)));

        assertThat(second.page()).isEqualTo(2);
        assertThat(second.limit()).isEqualTo(1);
        assertThat(second.items()).extracting(Model.Item::id).containsExactly(300012L);
    }

    @Test
    void absentOptionalQueryParametersTakeTheServerDefaults() throws Exception {
        Model.Page page = await(items.list(Optional.empty(), Optional.empty(), Optional.empty()));

        assertThat(page.page()).isEqualTo(1);
        assertThat(page.limit()).isEqualTo(10);
        assertThat(page.items()).allSatisfy(i -> assertThat(i.category()).isEqualTo("electronics"));
    }

    @Test
    void validationFailureIsAProblemListingTheFields() {
        ProblemException e = problem(items.create(new Model.NewItem(300021, " ", "contract", -1, 7)));

        assertThat(e.status()).isEqualTo(400);
        assertThat(e.title()).isEqualTo("Bad Request");
        assertThat(e.errors()).extracting(ProblemException.FieldError::field).containsExactlyInAnyOrder("body.name", "body.price");
        assertThat(e.errors()).allSatisfy(f -> assertThat(f.message()).isNotBlank());
    }

    @Test
    void missingItemIsA404Problem() {
        ProblemException e = problem(items.byId(999999));

        assertThat(e.status()).isEqualTo(404);
        assertThat(e.detail()).isEqualTo("item 999999 not found");
        assertThat(e.errors()).isEmpty();
    }

    /** Sends {@code method path} with a JSON {@code body} (or none) to the arena; closes the response. */
    private int[] status(String method, String path, String body) throws Exception {
        ClientRequest.Builder request = ClientRequest.builder().method(method).uri("http://127.0.0.1:" + app.port() + path);
        if (body != null) {
            request.header("Content-Type", "application/json").body(body);
        }
        try (ClientResponse r = http.sendBlocking(request.build())) {
            return new int[] {r.status()};
        }
    }

    @Test
    void idsPastTheColumnsRangeAre400AndTouchNoOtherRow() throws Exception {
        Model.Item one = items.item(1);

        assertThat(status("GET", "/crud/items/4294967297", null)).containsExactly(400);
        assertThat(status("POST", "/crud/items", "{\"id\":4294967297,\"name\":\"x\",\"category\":\"y\","
                + "\"price\":1,\"quantity\":1}")).containsExactly(400);
        assertThat(status("PUT", "/crud/items/-9223372036854775807", "{\"name\":\"x\",\"price\":1,\"quantity\":1}"))
                .containsExactly(400);
        assertThat(items.item(1)).isEqualTo(one);
    }

    @Test
    void aPageFarPastTheEndIsEmptyAndLimitsOutOfRangeAre400() throws Exception {
        Model.Page far = await(items.list(Optional.of("electronics"), Optional.of(Integer.MAX_VALUE), Optional.of(50)));

        assertThat(far.items()).isEmpty();
        assertThat(problem(items.list(Optional.empty(), Optional.of(0), Optional.empty())).status()).isEqualTo(400);
        assertThat(problem(items.list(Optional.empty(), Optional.empty(), Optional.of(51))).status()).isEqualTo(400);
    }

    @Test
    void textPostgresCannotStoreIs400() throws Exception {
        ProblemException e = problem(items.create(new Model.NewItem(300031, "nul\u0000name", "contract", 1, 1)));

        assertThat(e.status()).isEqualTo(400);
        assertThat(e.errors()).extracting(ProblemException.FieldError::field).containsExactly("body.name");
        assertThat(status("GET", "/crud/items?category=%00", null)).containsExactly(400);
    }

    @Test
    void updateAnswersTheRowAsStored() throws Exception {
        await(items.create(new Model.NewItem(300041, "Before", "contract-put", 1, 1)));

        Model.NewItem updated = await(items.update(300041, new Model.ItemUpdate("After", null, 5, 6)));

        assertThat(updated).isEqualTo(new Model.NewItem(300041, "After", "contract-put", 5, 6));
    }

    @Test
    void secondServiceQuotesAnArenaItemThroughTheClient() throws Exception {
        try (QuoteService quotes = new QuoteService(0, "http://127.0.0.1:" + app.port(), PARTNER_KEY);
             ClientResponse r = http.sendBlocking(ClientRequest.get("http://127.0.0.1:" + quotes.port() + "/quotes/42?quantity=3"))) {
            Model.Item item = items.item(42);

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.string()).isEqualTo("{\"id\":42,\"name\":\"" + item.name() + "\",\"quantity\":3,\"total\":"
                    + item.price() * 3L + ",\"partner\":null}");
        }
    }

    @Test
    void secondServiceAnswersTheArenasNotFound() throws Exception {
        try (QuoteService quotes = new QuoteService(0, "http://127.0.0.1:" + app.port(), PARTNER_KEY);
             ClientResponse r = http.sendBlocking(ClientRequest.get("http://127.0.0.1:" + quotes.port() + "/quotes/999999"))) {
            assertThat(r.status()).isEqualTo(404);
            assertThat(r.header("content-type")).startsWith("application/problem+json");
            assertThat(r.string()).contains("\"detail\":\"item 999999 not found\"");
        }
    }

    @Test
    void partnersWithAValidTokenGetTenPercentOff() throws Exception {
        try (QuoteService quotes = new QuoteService(0, "http://127.0.0.1:" + app.port(), PARTNER_KEY);
             ClientResponse r = partnerQuote(quotes, token(PARTNER_KEY, "acme", "partner"))) {
            Model.Item item = items.item(42);

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.string()).isEqualTo("{\"id\":42,\"name\":\"" + item.name() + "\",\"quantity\":10,\"total\":"
                    + item.price() * 10L * 90 / 100 + ",\"partner\":\"acme\"}");
        }
    }

    @Test
    void partnerQuotesWithoutAValidTokenAre401() throws Exception {
        try (QuoteService quotes = new QuoteService(0, "http://127.0.0.1:" + app.port(), PARTNER_KEY);
             ClientResponse none = partnerQuote(quotes, null);
             ClientResponse forged = partnerQuote(quotes, token("another key of at least thirty-two bytes!".getBytes(StandardCharsets.US_ASCII),
                     "acme", "partner"))) {
            assertThat(none.status()).isEqualTo(401);
            assertThat(none.header("www-authenticate")).startsWith("Bearer");
            assertThat(forged.status()).isEqualTo(401);
        }
    }

    @Test
    void partnerQuotesWithoutThePartnerRoleAre403() throws Exception {
        try (QuoteService quotes = new QuoteService(0, "http://127.0.0.1:" + app.port(), PARTNER_KEY);
             ClientResponse r = partnerQuote(quotes, token(PARTNER_KEY, "mallory", "buyer"))) {
            assertThat(r.status()).isEqualTo(403);
        }
    }

    @Test
    void shopPagesMayPreflightTheQuoteService() throws Exception {
        try (QuoteService quotes = new QuoteService(0, "http://127.0.0.1:" + app.port(), PARTNER_KEY);
             ClientResponse r = http.sendBlocking(ClientRequest.builder().method("OPTIONS")
                     .uri("http://127.0.0.1:" + quotes.port() + "/quotes/42").header("Origin", "https://shop.example")
                     .header("Access-Control-Request-Method", "GET").build())) {
            assertThat(r.status()).isEqualTo(204);
            assertThat(r.header("access-control-allow-origin")).isEqualTo("https://shop.example");
        }
    }

    @Test
    void quotesCarryTheCorsGrantAndTheRateLimitPolicy() throws Exception {
        try (QuoteService quotes = new QuoteService(0, "http://127.0.0.1:" + app.port(), PARTNER_KEY);
             ClientResponse r = http.sendBlocking(ClientRequest.builder()
                     .uri("http://127.0.0.1:" + quotes.port() + "/quotes/42").header("Origin", "https://shop.example")
                     .build())) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("access-control-allow-origin")).isEqualTo("https://shop.example");
            assertThat(r.header("ratelimit-policy")).isEqualTo("\"default\";q=100;w=1");
        }
    }

    @Test
    void theQuoteServiceServesADocumentOfItsLambdaRoutes() throws Exception {
        try (QuoteService quotes = new QuoteService(0, "http://127.0.0.1:" + app.port(), PARTNER_KEY);
             ClientResponse r = http.sendBlocking(ClientRequest.get("http://127.0.0.1:" + quotes.port() + "/openapi.json"))) {
            String doc = r.string();

            assertThat(r.status()).isEqualTo(200);
            assertThat(doc).contains("\"/quotes/{id}\"", "\"/quotes/partner/{id}\"", "\"operationId\": \"partnerQuote\"",
                    "\"bearerAuth\": [", "\"Quote\": {", "\"title\": \"Quotes\"");
        }
    }
}
