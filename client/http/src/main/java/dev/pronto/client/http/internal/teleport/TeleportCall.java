package dev.pronto.client.http.internal.teleport;

import dev.pronto.client.http.ClientRequest;
import dev.pronto.client.http.ResponseListener;

/** One teleport request from send to its response, failure or timeout. Confined to its link's loop once submitted. */
final class TeleportCall {
    final ClientRequest request;
    final ResponseListener listener;
    /** Null listener: fire-and-forget (id 0), done once written. */
    final long deadline;
    /** The listener owns the response (future path): it gets a fresh one. */
    final boolean detached;
    /** The id on the current connection, 0 until written. */
    int id;
    boolean done;

    TeleportCall(ClientRequest request, ResponseListener listener, long deadline, boolean detached) {
        this.request = request;
        this.listener = listener;
        this.deadline = deadline;
        this.detached = detached;
    }

    boolean expectsResponse() {
        return listener != null;
    }

    /** Whether the response has no body whatever its framing says (RFC 9112 §6.3). */
    boolean bodiless(int status) {
        return "HEAD".equals(request.method()) || status < 200 || status == 204 || status == 304;
    }
}
