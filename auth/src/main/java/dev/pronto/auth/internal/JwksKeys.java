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
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();
    private volatile StaticKeys keys = StaticKeys.EMPTY;
    private volatile long fetchedAt;
    private volatile long refreshedAt;

    /** Starts the first fetch. */
    public JwksKeys(HttpClient client, URI uri, JwksConfig config) {
        this.client = client;
        this.uri = uri;
        this.config = config;
        this.refreshedAt = System.nanoTime();
        fetch(refreshedAt);
    }

    /** Completes when a key set was first fetched; never fails (a failed fetch is retried on demand). */
    public CompletableFuture<Void> loaded() {
        return loaded;
    }

    @Override
    public KeySet current() {
        return keys;
    }

    @Override
    public void missed(String kid) {
        long now = System.nanoTime();
        if (now - fetchedAt >= config.minRefetch().toNanos()) {
            fetch(now);
        }
    }

    @Override
    public void touch() {
        long now = System.nanoTime();
        if (now - refreshedAt >= config.refresh().toNanos() && now - fetchedAt >= config.minRefetch().toNanos()) {
            fetch(now);
        }
    }

    private void fetch(long now) {
        if (!fetching.compareAndSet(false, true)) {
            return;     // concurrent misses share the fetch under way
        }
        fetchedAt = now;
        ClientRequest request = ClientRequest.builder().uri(uri.toString()).timeout(config.timeout())
                .header("Accept", "application/jwk-set+json, application/json").build();
        CompletableFuture<ClientResponse> sent;
        try {
            sent = client.send(request).toCompletableFuture();
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        sent.whenComplete((response, error) -> {
            try {
                if (error != null) {
                    LOG.warn("JWKS fetch from {} failed; keeping the previous keys", uri, error);
                } else {
                    accept(response);
                }
            } finally {
                fetching.set(false);
            }
        });
    }

    private void accept(ClientResponse response) {
        try (response) {
            if (response.status() != 200) {
                LOG.warn("JWKS fetch from {} answered {}; keeping the previous keys", uri, response.status());
                return;
            }
            keys = StaticKeys.of(JWKSet.parse(response.body().toString(StandardCharsets.UTF_8)));
            refreshedAt = System.nanoTime();
            loaded.complete(null);
        } catch (Exception e) {
            LOG.warn("JWKS from {} is not a valid key set; keeping the previous keys", uri, e);
        }
    }
}
