/**
 * Internal use only; not API. What {@link dev.pronto.client.http.ContractClient} (and so every generated
 * {@code <Interface>$Client}) runs on: attempts with retries for idempotent calls and the caller's deadline
 * ({@code ContractAttempts}), observers ({@code ContractCalls}), answers decoded or turned into
 * {@link dev.pronto.client.http.ProblemException} from problem+json ({@code ContractAnswers},
 * {@code ProblemReader}), and generic result types ({@code GenericType}).
 */
package dev.pronto.client.http.internal.contract;
