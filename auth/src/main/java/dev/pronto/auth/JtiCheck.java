package dev.pronto.auth;

import java.time.Instant;

/**
 * Decides whether a token id ({@code jti}) may be used now: a replay or revocation check (RFC 8725 §3.10,
 * RFC 7519 §4.1.7). Set with {@link JwtConfig.Builder#jtiCheck(JtiCheck)}; then a token without {@code jti}
 * is refused.
 *
 * <p>Called for every request that presents a correctly signed, unexpired token, remembered ones
 * included, on the event loop: it must not block (keep the ids in memory, e.g. until {@code expires}), and
 * it may be called concurrently from several threads. An exception counts as a refusal.
 */
@FunctionalInterface
public interface JtiCheck {
    /**
     * Whether the token with id {@code jti}, valid until {@code expires} ({@link Instant#MAX} when it has
     * no {@code exp}), is admitted; false answers 401 {@code invalid_token}.
     */
    boolean admit(String jti, Instant expires);
}
