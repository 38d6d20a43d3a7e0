package dev.pronto.client.http;

import java.time.Duration;

/**
 * How a {@link ContractClient} (and the generated client over it) makes its calls. Immutable.
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>Setting</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>timeout</td><td>none</td><td>each call's deadline, also sent to the server as
 * {@value #DEADLINE_HEADER} (milliseconds); none means {@link ClientConfig#requestTimeout()}, not sent</td></tr>
 * <tr><td>retries</td><td>0</td><td>extra attempts of an idempotent call (GET, HEAD, PUT, DELETE,
 * OPTIONS) that failed to connect or was answered 502, 503 or 504; never for POST or PATCH</td></tr>
 * <tr><td>retryBackoff</td><td>50 ms</td><td>the wait before each retry</td></tr>
 * </table>
 *
 * @param timeout each call's deadline, or null for the client's request timeout
 * @param retries extra attempts of a failed idempotent call, 0..10
 * @param retryBackoff the wait before a retry, 0 to 10 s
 */
public record ContractConfig(Duration timeout, int retries, Duration retryBackoff) {
    /** The header carrying a call's deadline to the server, in milliseconds: {@code Request-Timeout: 250}. */
    public static final String DEADLINE_HEADER = "Request-Timeout";

    /** Validates every field; messages name the field and the value. */
    public ContractConfig {
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        if (retries < 0 || retries > 10) {
            throw new IllegalArgumentException("retries must be in 0..10, got " + retries);
        }
        if (retryBackoff == null || retryBackoff.isNegative() || retryBackoff.compareTo(Duration.ofSeconds(10)) > 0) {
            throw new IllegalArgumentException("retryBackoff must be in 0..10 s, got " + retryBackoff);
        }
    }

    /** No timeout of its own, no retries. */
    public static ContractConfig defaults() {
        return builder().build();
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** Fluent builder of a {@link ContractConfig}. Not thread-safe. */
    public static final class Builder {
        private Duration timeout;
        private int retries;
        private Duration retryBackoff = Duration.ofMillis(50);

        private Builder() {
        }

        /** Sets {@link ContractConfig#timeout()}. */
        public Builder timeout(Duration value) {
            timeout = value;
            return this;
        }

        /** Sets {@link ContractConfig#retries()}. */
        public Builder retries(int value) {
            retries = value;
            return this;
        }

        /** Sets {@link ContractConfig#retryBackoff()}. */
        public Builder retryBackoff(Duration value) {
            retryBackoff = value;
            return this;
        }

        /**
         * Validates and builds.
         *
         * @throws IllegalArgumentException naming the first invalid field and its value
         */
        public ContractConfig build() {
            return new ContractConfig(timeout, retries, retryBackoff);
        }
    }
}
