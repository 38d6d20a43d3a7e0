package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.json.ProntoJson;
import dev.pronto.testsupport.Await;
import io.netty.buffer.Unpooled;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HttpArena's production-stack server endpoints (§5.17) as the edge calls them, on the whole app over real
 * sockets with an embedded Postgres and a real redis-server. The outage test stops and restarts Redis, so it
 * runs last.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProductionStackTest {
    private static final Path SHARED = Path.of("").toAbsolutePath().getParent().getParent().resolve("shared/arena-data");
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final ProntoJson json = ProntoJson.create(new ArenaJson());
    private EmbeddedCache redis;
    private ArenaApp app;

    @BeforeAll
    void start() throws Exception {
        Path dataDir = Files.isDirectory(SHARED) ? SHARED : Files.createTempDirectory("arena-none");
        redis = EmbeddedCache.start();
        app = ArenaDev.start(Map.of("PORT", "0", "TLS_PORT", "0", "H2_PORT", "0", "H2C_PORT", "0", "TELEPORT_PORT", "0",
                "DATA_DIR", dataDir.toString(), "REDIS_URL", redis.url()));
        ArenaReady.await(app.port());
        // the client's one connection is served by one loop: wait until that loop's Redis connection is up
        await("item:1 stored in Redis", () -> get("/api/items/1").statusCode() == 200 && redisGet("item:1") != null);
    }

    @AfterAll
    void stop() {
        http.close();
        app.close();
        redis.close();
    }

    private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder req(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path)).header("X-User-Id", "42");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return send(req(path));
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return send(req(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static String cache(HttpResponse<?> r) {
        return r.headers().firstValue("X-Cache").orElse("");
    }

    private String redisGet(String key) throws Exception {
        try (RedisProbe probe = new RedisProbe(redis.port())) {
            return probe.call("GET " + key);
        }
    }

    private long pttl(String key) throws Exception {
        try (RedisProbe probe = new RedisProbe(redis.port())) {
            return probe.pttl(key);
        }
    }

    private static void await(String what, Callable<Boolean> condition) {
        Await.until(what, Duration.ofSeconds(10), () -> {
            try {
                return condition.call();
            } catch (Exception e) {
                throw new AssertionError("failed while waiting for " + what, e);
            }
        });
    }

    @Test
    void publicBaselineAddsTheQueryParameters() throws Exception {
        assertThat(get("/public/baseline?a=13&b=42").body()).isEqualTo("55");
    }

    @Test
    void publicJsonTotalsArePriceTimesQuantity() throws Exception {
        Model.PricedItems items = json.read(Unpooled.wrappedBuffer(get("/public/json/25").body().getBytes()),
                Model.PricedItems.class);
        assertThat(items.count()).isEqualTo(25);
        assertThat(items.items()).allSatisfy(i -> assertThat(i.total()).isEqualTo((long) i.price() * i.quantity()));
    }

    @Test
    void itemReadIsMissThenHit() throws Exception {
        HttpResponse<String> first = get("/api/items/7");
        HttpResponse<String> second = get("/api/items/7");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(json.read(Unpooled.wrappedBuffer(first.body().getBytes()), Model.Item.class).id()).isEqualTo(7);
        assertThat(first.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(cache(first) + " " + cache(second)).isEqualTo("MISS HIT");
        assertThat(second.body()).isEqualTo(first.body());
    }

    @Test
    void itemMissStoresItInRedisForAtMostOneSecond() throws Exception {
        assertThat(cache(get("/api/items/11"))).isEqualTo("MISS");
        assertThat(redisGet("item:11")).contains("\"id\":11");
        assertThat(pttl("item:11")).isBetween(1L, 1000L);
    }

    @Test
    void itemExpiresFromBothTiersAndIsReadAgainFromPostgres() throws Exception {
        assertThat(cache(get("/api/items/12"))).isEqualTo("MISS");
        await("item:12 expired in Redis", () -> pttl("item:12") == -2);
        assertThat(cache(get("/api/items/12"))).isEqualTo("MISS");
    }

    @Test
    void postUpdatesAnswers204AndInvalidatesBothTiers() throws Exception {
        assertThat(get("/api/items/3").statusCode()).isEqualTo(200);
        HttpResponse<String> posted = post("/api/items/3", "{\"name\":\"validate-invalidated\",\"price\":111,\"quantity\":22}");
        assertThat(posted.statusCode()).isEqualTo(204);
        assertThat(redisGet("item:3")).isNull();
        HttpResponse<String> after = get("/api/items/3");
        assertThat(cache(after)).isEqualTo("MISS");
        assertThat(json.read(Unpooled.wrappedBuffer(after.body().getBytes()), Model.Item.class))
                .extracting(Model.Item::name, Model.Item::price, Model.Item::quantity)
                .containsExactly("validate-invalidated", 111, 22);
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "{\"name\":\"\",\"price\":1,\"quantity\":1}", "{\"price\":1,\"quantity\":1}",
            "{\"name\":\"x\",\"price\":-1,\"quantity\":1}", "{\"name\":\"x\",\"price\":\"many\",\"quantity\":1}"})
    void postWithABadBodyIs400Problem(String body) throws Exception {
        HttpResponse<String> r = post("/api/items/4", body);
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-5", "99999999999"})
    void badItemIdIs400(String id) throws Exception {
        assertThat(get("/api/items/" + id).statusCode()).isEqualTo(400);
        assertThat(post("/api/items/" + id, "{\"name\":\"x\",\"price\":1,\"quantity\":1}").statusCode()).isEqualTo(400);
    }

    @Test
    void unknownItemIs404ForReadAndUpdate() throws Exception {
        assertThat(get("/api/items/999999").statusCode()).isEqualTo(404);
        assertThat(post("/api/items/999999", "{\"name\":\"x\",\"price\":1,\"quantity\":1}").statusCode()).isEqualTo(404);
    }

    @Test
    void meIsTheUserOfTheEdgesHeaderCachedForAtMostThirtySeconds() throws Exception {
        HttpResponse<String> first = get("/api/me");
        assertThat(first.body()).isEqualTo("{\"id\":42,\"name\":\"Alice Chen\",\"email\":\"alice@example.com\",\"plan\":\"pro\"}");
        assertThat(cache(get("/api/me"))).isEqualTo("HIT");
        assertThat(pttl("user:42")).isBetween(1L, 30_000L);
    }

    @Test
    void meWithoutTheEdgesHeaderIs401Problem() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/api/me")));
        assertThat(r.statusCode()).isEqualTo(401);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void meWithAMalformedUserIdIs400() throws Exception {
        assertThat(send(req("/api/me").setHeader("X-User-Id", "42abc")).statusCode()).isEqualTo(400);
    }

    @Test
    void meOfAnUnknownUserIs404() throws Exception {
        assertThat(send(req("/api/me").setHeader("X-User-Id", "31337")).statusCode()).isEqualTo(404);
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void redisOutageDegradesToPostgresAndTheCacheComesBack() throws Exception {
        int port = redis.port();
        redis.close();
        try {
            HttpResponse<String> read = get("/api/items/21");
            assertThat(read.statusCode()).isEqualTo(200);
            assertThat(cache(read)).isEqualTo("MISS");
            assertThat(post("/api/items/22", "{\"name\":\"offline\",\"price\":1,\"quantity\":2}").statusCode()).isEqualTo(204);
            assertThat(send(req("/api/me").setHeader("X-User-Id", "7")).statusCode()).isEqualTo(200);
        } finally {
            redis = EmbeddedCache.startOn(port);
        }
        await("item:23 stored in the restarted Redis",
                () -> get("/api/items/23").statusCode() == 200 && redisGet("item:23") != null);
    }
}
