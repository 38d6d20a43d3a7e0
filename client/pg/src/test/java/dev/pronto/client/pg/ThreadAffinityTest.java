package dev.pronto.client.pg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Handler;
import dev.pronto.core.Server;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Every query callback runs on the thread of the HTTP connection that issued it. */
class ThreadAffinityTest {
    private static final int REQUESTS = 2000;
    private static final int CONCURRENCY = 32;

    @Test
    void queryCallbacksNeverLeaveTheConnectionsLoop() throws Exception {
        AtomicInteger same = new AtomicInteger();
        AtomicInteger other = new AtomicInteger();
        Set<Thread> issuers = ConcurrentHashMap.newKeySet();
        try (VertxLoops loops = VertxLoops.create(2);
                Postgres postgres = Postgres.create(loops.vertx(), PgFixture.config());
                Server server = Server.builder().port(0).eventLoops(loops.eventLoops())
                        .routes(r -> r.get("/items", Handler.async((req, res) -> {
                            Thread issuer = Thread.currentThread();
                            issuers.add(issuer);
                            PgClient client = postgres.client();
                            return client.query(PgFixture.ASYNC_DB_SQL, Item.ROW, 10, 50, 5).thenApply(rows -> {
                                (Thread.currentThread() == issuer ? same : other).incrementAndGet();
                                return "rows=" + rows.size();
                            });
                        }))).build().start()) {
            postgres.ready().toCompletableFuture().get(30, TimeUnit.SECONDS);

            List<String> bodies = load(new Http(server.port()));

            assertThat(bodies).hasSize(REQUESTS).containsOnly("rows=5");
            assertThat(other.get()).as("callbacks on another thread").isZero();
            assertThat(same.get()).isEqualTo(REQUESTS);
            assertThat(issuers).as("loops that served requests").hasSize(2);
        }
    }

    /** Keeps CONCURRENCY requests in flight (so several connections on both loops) until REQUESTS are done. */
    private static List<String> load(Http http) throws Exception {
        List<String> bodies = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Void>> workers = new ArrayList<>();
        AtomicInteger remaining = new AtomicInteger(REQUESTS);
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < CONCURRENCY; i++) {
                workers.add(CompletableFuture.runAsync(() -> {
                    while (remaining.getAndDecrement() > 0) {
                        HttpResponse<String> response = http.get("/items");
                        bodies.add(response.statusCode() == 200 ? response.body() : "status " + response.statusCode());
                    }
                }, threads));
            }
            CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        }
        return bodies;
    }
}
