package dev.pronto.examples.arena;

import dev.pronto.examples.arena.redis.Redis;
import java.util.concurrent.CompletionStage;

/**
 * Cache-aside of serialized JSON by id in two tiers: an in-process map first, then Redis, both with an
 * absolute time-to-live. A value read from Redis is kept in process for the shorter local TTL, so the worst
 * staleness after another instance's write is the sum of the two TTLs. Redis failures never fail a request:
 * a read becomes a miss and a write is skipped (the {@link Redis} client logs the outage). Used on the
 * server's event loops only.
 */
final class TieredCache {
    private final ItemCache<byte[]> local;
    private final Redis redis;
    private final String prefix;
    private final long remoteTtlMillis;

    /** Keys {@code prefix + id}; {@code localTtlMillis + remoteTtlMillis} bounds how stale a value can be. */
    TieredCache(Redis redis, String prefix, long localTtlMillis, long remoteTtlMillis) {
        this.local = new ItemCache<>(localTtlMillis);
        this.redis = redis;
        this.prefix = prefix;
        this.remoteTtlMillis = remoteTtlMillis;
    }

    /** The in-process value, or null. */
    byte[] local(long id) {
        return local.get(id);
    }

    /** The Redis value (now kept in process too), or null when absent or Redis is unavailable; never fails. */
    CompletionStage<byte[]> remote(long id) {
        return redis.get(prefix, id).handle((json, error) -> {
            if (json == null) {
                return null;
            }
            local.put(id, json);
            return json;
        });
    }

    /** Stores {@code json} in both tiers; Redis's answer is not waited for. */
    void store(long id, byte[] json) {
        local.put(id, json);
        redis.set(prefix, id, json, remoteTtlMillis);
    }

    /**
     * Removes {@code id} from both tiers; completes once Redis has removed it (or failed to), so a read that
     * follows the caller's response on another connection cannot find the old value. Never fails.
     */
    CompletionStage<Void> invalidate(long id) {
        local.invalidate(id);
        return redis.delete(prefix, id).handle((n, error) -> {
            // a read on another loop may have copied the old Redis value in process meanwhile
            local.invalidate(id);
            return null;
        });
    }
}
