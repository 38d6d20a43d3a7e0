package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientResponse;
import dev.pronto.client.http.ResponseListener;
import java.util.concurrent.CompletableFuture;

/** Completes a future with a detached response; a response nobody can receive (cancelled) is closed. */
public final class FutureListener extends CompletableFuture<ClientResponse> implements ResponseListener {
    @Override
    public void complete(ClientResponse response, Throwable failure) {
        if (failure != null) {
            completeExceptionally(failure);
        } else if (!complete(response)) {
            response.close();
        }
    }
}
