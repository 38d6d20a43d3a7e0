package dev.pronto.client.http.internal.contract;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ContractObserver;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/** A contract call watched by a {@link ContractObserver}: started before sending, ended exactly once. */
public final class ContractCalls {
    private ContractCalls() {
    }

    /**
     * Tells {@code observer} of the call of {@code built}, lets it add headers, sends the result with
     * {@code send} and tells the outcome; {@code body} (or null) is released once the call is over.
     */
    public static <T> CompletionStage<T> observed(ContractObserver observer, ClientRequest built, ByteBuf body,
            BiFunction<ClientRequest, ContractObserver.Call, CompletionStage<T>> send) {
        ClientRequest.Builder withHeaders = built.toBuilder();
        ContractObserver.Call call = observer.start(built.method(), built.uri().toString(), withHeaders::header);
        CompletionStage<T> result;
        try {
            result = send.apply(withHeaders.build(), call);
        } catch (RuntimeException e) {
            call.end(e);
            if (body != null) {
                body.release();
            }
            throw e;
        }
        return result.whenComplete((value, failure) -> {
            if (body != null) {
                body.release();
            }
            call.end(failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure);
        });
    }
}
