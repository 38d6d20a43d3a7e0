package dev.pronto.core.internal.exchange;

import dev.pronto.core.ErrorHandler;
import dev.pronto.core.ErrorHook;
import dev.pronto.core.ResponseHook;
import dev.pronto.core.SendHook;
import java.util.List;
import java.util.Map;

/**
 * The hooks and error handlers in force for one scope (the root or a group, with everything it
 * inherits), merged when routes compile. Immutable; shared by every request of the scope.
 *
 * @param onRequest hooks before routing (root) or right after it (groups), in order
 * @param preHandler hooks after routing and body decoding, in order
 * @param onSend hooks before a response head is encoded, in order
 * @param onResponse hooks after a response was handed to the socket, in order
 * @param onError observers of error responses, in order
 * @param byStatus error handlers per status, nearest scope first
 * @param byType error handlers per exception type, nearest scope first
 * @param notFound the handler for unmatched paths under this scope, or null
 */
public record Lifecycle(List<HookStep> onRequest, List<HookStep> preHandler, List<SendHook> onSend,
                        List<ResponseHook> onResponse, List<ErrorHook> onError,
                        Map<Integer, ErrorHandler<Throwable>> byStatus, Map<Class<?>, ErrorHandler<Throwable>> byType,
                        RouteEntry notFound) {
    /** No hooks, no handlers. */
    public static final Lifecycle EMPTY = new Lifecycle(List.of(), List.of(), List.of(), List.of(), List.of(),
            Map.of(), Map.of(), null);

    /** Copies every collection. */
    public Lifecycle {
        onRequest = List.copyOf(onRequest);
        preHandler = List.copyOf(preHandler);
        onSend = List.copyOf(onSend);
        onResponse = List.copyOf(onResponse);
        onError = List.copyOf(onError);
        byStatus = Map.copyOf(byStatus);
        byType = Map.copyOf(byType);
    }

    /** Whether this scope adds nothing to a plain route. */
    public boolean isEmpty() {
        return onRequest.isEmpty() && preHandler.isEmpty() && onSend.isEmpty() && onResponse.isEmpty()
                && onError.isEmpty() && byStatus.isEmpty() && byType.isEmpty() && notFound == null;
    }

    /** The handler for {@code error}: by its type (nearest superclass first), then by status. */
    ErrorHandler<Throwable> errorHandler(Throwable error, int status) {
        if (!byType.isEmpty()) {
            for (Class<?> c = error.getClass(); c != null; c = c.getSuperclass()) {
                ErrorHandler<Throwable> h = byType.get(c);
                if (h != null) {
                    return h;
                }
            }
        }
        return byStatus.isEmpty() ? null : byStatus.get(status);
    }
}
