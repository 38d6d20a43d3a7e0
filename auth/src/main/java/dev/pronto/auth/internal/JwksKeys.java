package dev.pronto.auth.internal;

import com.nimbusds.jose.jwk.JWKSet;
import dev.pronto.auth.JwksConfig;
import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.HttpClient;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keys from a JWKS URL, fetched with Pronto's {@link HttpClient} and swapped in whole. A fetch is never
 * awaited by a request: verification reads the current set; a miss or an aging set only starts a
 * background fetch, at most one at a time and at most one per {@code minRefetch}. A failed fetch keeps the
 * old keys.
 */
public final class JwksKeys implements KeySource {
    private static final Logger LOG = LoggerFactory.getLogger(JwksKeys.class);

    private final HttpClient client;
    private final URI uri;
    private final JwksConfig config;
    private final AtomicBoolean fetching = new AtomicBoolean();
    private final java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();
    private volatile StaticKeys keys = StaticKeys.EMPTY;
    private volatile long fetchedAt;
    private volatile long refreshedAt;
    private volatile long missedAt;

    /** Starts the first fetch. */
    public JwksKeys(HttpClient client, URI uri, JwksConfig config) {
        this.client = client;
        this.uri = uri;
        this.config = config;
        this.refreshedAt = System.nanoTime();
        this.missedAt = refreshedAt - config.minRefetch().toNanos();
        fetch(refreshedAt);
    }

    /** Completes when a key set was first fetched; never fails (a failed fetch is retried on demand). */
    public CompletableFuture<Void> loaded() {
        return loaded;
    }

    /** How many fetches were started, the first included (for tests and diagnostics). */
    public int fetches() {
        return started.get();
    }

    @Override
    public KeySet current() {
        return keys;
    }

    @Override
    public void missed(String kid) {
        // only misses count against the miss budget: a key published just after a load is found at once
        long now = System.nanoTime();
        if (now - missedAt >= config.minRefetch().toNanos() && fetch(now)) {
            missedAt = now;
        }
    }

    @Override
    public void touch() {
        long now = System.nanoTime();
        if (now - refreshedAt >= config.refresh().toNanos() && now - fetchedAt >= config.minRefetch().toNanos()) {
            fetch(now);
        }
    }

    private boolean fetch(long now) {
        if (!fetching.compareAndSet(false, true)) {
            return false;     // concurrent misses share the fetch under way
        }
        fetchedAt = now;
        started.incrementAndGet();
        ClientRequest request = ClientRequest.builder().uri(uri.toString()).timeout(config.timeout())
                .header("Accept", "application/jwk-set+json, application/json").build();
        CompletableFuture<ClientResponse> sent;
        try {
            sent = client.send(request).toCompletableFuture();
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        sent.whenComplete((response, error) -> {
            boolean ok = false;
            try {
                if (error != null) {
                    LOG.warn("JWKS fetch from {} failed; keeping the previous keys", uri, error);
                } else {
                    ok = accept(response);
                }
            } finally {
                fetching.set(false);
            }
            if (ok) {
                loaded.complete(null);     // after the flag: whoever waits may start the next fetch at once
            }
        });
        return true;
    }

    private boolean accept(ClientResponse response) {
        try (response) {
            if (response.status() != 200) {
                LOG.warn("JWKS fetch from {} answered {}; keeping the previous keys", uri, response.status());
                return false;
            }
            keys = StaticKeys.of(JWKSet.parse(response.body().toString(StandardCharsets.UTF_8)));
            refreshedAt = System.nanoTime();
            return true;
        } catch (Exception e) {
            LOG.warn("JWKS from {} is not a valid key set; keeping the previous keys", uri, e.toString());
            return false;
        }
    }
}
