package dev.pronto.client.http.internal.contract;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ConnectFailedException;
import dev.pronto.client.http.ConnectionClosedException;
import dev.pronto.client.http.ContractConfig;
import dev.pronto.client.http.ProblemException;
import dev.pronto.client.http.RequestTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One contract call with a deadline and retries: each attempt is sent with what is left of the
 * deadline as its timeout and its {@code Request-Timeout} header, and an idempotent call that could
 * not connect, lost its connection or was answered 502, 503 or 504 is sent again after the backoff,
 * while attempts and time remain. Completes with the last attempt's failure.
 */
public final class ContractAttempts<T> {
    private final ClientRequest base;
    private final ContractConfig config;
    private final Function<ClientRequest, CompletionStage<T>> send;
    private final long deadline;
    private final CompletableFuture<T> result = new CompletableFuture<>();

    private ContractAttempts(ClientRequest base, ContractConfig config, Function<ClientRequest, CompletionStage<T>> send) {
        this.base = base;
        this.config = config;
        this.send = send;
        this.deadline = config.timeout() == null ? 0 : System.nanoTime() + config.timeout().toNanos();
    }

    /** Runs the attempts of {@code base}, each sent by {@code send}. */
    public static <T> CompletionStage<T> run(ClientRequest base, ContractConfig config,
            Function<ClientRequest, CompletionStage<T>> send) {
        ContractAttempts<T> call = new ContractAttempts<>(base, config, send);
        call.attempt(base.idempotent() ? 1 + config.retries() : 1);
        return call.result;
    }

    private void attempt(int left) {
        ClientRequest request = base;
        if (deadline != 0) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                result.completeExceptionally(new RequestTimeoutException(base + ": no answer within " + config.timeout()));
                return;
            }
            request = base.toBuilder().timeout(Duration.ofNanos(remaining))
                    // rounded up: the server's deadline then never passes before this one
                    .header(ContractConfig.DEADLINE_HEADER, String.valueOf((remaining + 999_999) / 1_000_000)).build();
        }
        send.apply(request).whenComplete((value, failure) -> {
            if (failure == null) {
                result.complete(value);
                return;
            }
            Throwable cause = failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
            long backoff = config.retryBackoff().toNanos();
            if (left > 1 && retryable(cause) && (deadline == 0 || deadline - System.nanoTime() > backoff)) {
                CompletableFuture.delayedExecutor(backoff, TimeUnit.NANOSECONDS).execute(() -> attempt(left - 1));
            } else if (deadline != 0 && cause instanceof ProblemException p && p.status() == 504
                    && deadline - System.nanoTime() <= 0) {
                // the server saw the deadline pass first (it honours Request-Timeout): the same failure as ours
                result.completeExceptionally(new RequestTimeoutException(base + ": no answer within " + config.timeout(), p));
            } else {
                result.completeExceptionally(cause);
            }
        });
    }

    private static boolean retryable(Throwable cause) {
        if (cause instanceof ProblemException p) {
            return p.status() == 502 || p.status() == 503 || p.status() == 504;
        }
        return cause instanceof ConnectFailedException || cause instanceof ConnectionClosedException;
    }
}
