package dev.pronto.core;

import dev.pronto.core.internal.web.TokenTable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Where a {@link RateLimit} keeps its token buckets: in memory by default ({@link #inMemory(int)}),
 * or in a store shared by several instances (Redis, a database) that a service implements; Pronto
 * depends on none.
 *
 * <p>Contract: {@link #take} is called on event loops, concurrently, and must not block; a store that
 * asks a server per request implements {@link #takeLater} instead (used by {@link RateLimit#async()}),
 * or answers {@code take} from a local lease of permits it refills in the background. Either must
 * never grant more permits than the rate allows.
 */
public interface RateLimitStore {
    /**
     * A bucket's shape, as a GCRA / token bucket: at most {@code burst} permits at once, refilled by
     * one every {@code intervalNanos}.
     *
     * @param burst the bucket's capacity, at least 1
     * @param intervalNanos the time one permit takes to come back, at least 1
     */
    record Rate(long burst, long intervalNanos) {
        /** Validates both. */
        public Rate {
            if (burst < 1) {
                throw new IllegalArgumentException("burst must be at least 1, got " + burst);
            }
            if (intervalNanos < 1) {
                throw new IllegalArgumentException("intervalNanos must be at least 1, got " + intervalNanos);
            }
        }
    }

    /**
     * Whether {@link #take} needs the key's text; when false, the text passed is null and only the
     * hash names the key, so a limit keyed by the client address allocates nothing.
     */
    default boolean needsKeyText() {
        return true;
    }

    /**
     * Takes one permit from the bucket of a key.
     *
     * @param keyHash a 64-bit hash of the key
     * @param keyText the key as text, prefixed with the limit's name; null unless {@link #needsKeyText()}
     * @param rate the bucket's shape
     * @param nowNanos the current time on the {@link System#nanoTime()} scale
     * @return the permits left (0 or more) when one was taken; when none was left, minus the nanoseconds
     *     until one will be (less than 0)
     */
    long take(long keyHash, String keyText, Rate rate, long nowNanos);

    /**
     * As {@link #take}, answered later: for a store across the network. Called on event loops; must
     * not block. By default, {@link #take}'s answer, already complete.
     *
     * @return completes with what {@link #take} returns, on any thread
     */
    default CompletionStage<Long> takeLater(long keyHash, String keyText, Rate rate, long nowNanos) {
        return CompletableFuture.completedFuture(take(keyHash, keyText, rate, nowNanos));
    }

    /**
     * The default store: a fixed table of {@code maxKeys} buckets (rounded up to a power of two, 8
     * bytes each, allocated once), lock-free, with idle keys (whose bucket refilled) reclaimed as
     * new keys arrive. When every slot a new key may use holds a key still being limited, the new
     * key shares one overflow bucket with the others in that case: a client spraying addresses
     * cannot grow memory, evict a limited key, or get more than one bucket's rate in all.
     *
     * @param maxKeys how many keys are tracked at once, 16 to 2^26
     * @throws IllegalArgumentException outside that range
     */
    static RateLimitStore inMemory(int maxKeys) {
        return new TokenTable(maxKeys, System.nanoTime());
    }
}
