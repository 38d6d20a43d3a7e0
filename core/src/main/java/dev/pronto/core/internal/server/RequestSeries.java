package dev.pronto.core.internal.server;

import dev.pronto.core.MeterNames;
import dev.pronto.core.RequestTags;
import dev.pronto.core.RequestTimer;
import dev.pronto.core.RequestTimers;
import dev.pronto.router.Method;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** The per-series timer cache behind {@code RequestMetrics}. */
public final class RequestSeries {
    private static final int METHODS = Method.values().length;
    private final RequestTimers timers;
    // Keyed by the uri tag, which is the router's own pattern string, so a hit allocates nothing.
    private final ConcurrentHashMap<String, AtomicReferenceArray<Entry[]>> byUri = new ConcurrentHashMap<>();

    private record Entry(String protocol, int status, RequestTimer timer) {
    }

    // gRPC: per route pattern, one timer per status code 0-16 and one for any other code, created on first use
    private final ConcurrentHashMap<String, AtomicReferenceArray<RequestTimer>> grpc = new ConcurrentHashMap<>();

    public RequestSeries(RequestTimers timers) {
        this.timers = timers;
    }

    /** The gRPC timer of a call to {@code routePattern} ({@code /package.Service/Method}) that ended with {@code code}. */
    public RequestTimer grpcTimer(String routePattern, int code) {
        String route = routePattern == null ? "/unknown" : routePattern;
        AtomicReferenceArray<RequestTimer> byCode = grpc.get(route);
        if (byCode == null) {
            byCode = grpc.computeIfAbsent(route, k -> new AtomicReferenceArray<>(18));
        }
        int i = code >= 0 && code <= 16 ? code : 17;
        RequestTimer timer = byCode.get(i);
        if (timer == null) {
            RequestTimer made = timers.grpcTimer(route.substring(1), MeterNames.grpcStatusName(code));
            timer = byCode.compareAndExchange(i, null, made);
            timer = timer == null ? made : timer;
        }
        return timer;
    }

    /** The timer of one series, created through the backend on first use. */
    public RequestTimer timer(String protocol, Method method, String routePattern, int status) {
        String uri = MeterNames.uri(routePattern, status);
        AtomicReferenceArray<Entry[]> byMethod = byUri.get(uri);
        if (byMethod == null) {
            byMethod = byUri.computeIfAbsent(uri, k -> new AtomicReferenceArray<>(METHODS));
        }
        Entry[] entries = byMethod.get(method.ordinal());
        if (entries != null) {
            // A route sees a handful of (status, protocol) pairs: a linear scan beats hashing a composite key.
            for (Entry e : entries) {
                if (e.status == status && (e.protocol == protocol || e.protocol.equals(protocol))) {
                    return e.timer;
                }
            }
        }
        return add(byMethod, method, uri, status, protocol);
    }

    private RequestTimer add(AtomicReferenceArray<Entry[]> byMethod, Method method, String uri, int status, String protocol) {
        synchronized (byMethod) {
            Entry[] entries = byMethod.get(method.ordinal());
            int n = entries == null ? 0 : entries.length;
            for (int i = 0; i < n; i++) {
                if (entries[i].status == status && entries[i].protocol.equals(protocol)) {
                    return entries[i].timer;
                }
            }
            RequestTimer timer = timers.timer(new RequestTags(method.name(), uri, status, protocol));
            Entry[] grown = entries == null ? new Entry[1] : java.util.Arrays.copyOf(entries, n + 1);
            grown[n] = new Entry(protocol, status, timer);
            byMethod.set(method.ordinal(), grown);
            return timer;
        }
    }
}
