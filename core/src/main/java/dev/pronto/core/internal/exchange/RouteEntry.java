package dev.pronto.core.internal.exchange;

import dev.pronto.core.Handler;
import dev.pronto.core.RouteOptions;

/**
 * What the router holds for one route: the user's handler as given, how it runs, and the scope of
 * hooks and error handlers in force (null for routes that no hook touches, which pay nothing for
 * the lifecycle). Immutable; shared by every request of the route.
 *
 * @param handler the user's handler, never unwrapped or inspected
 * @param options where it runs and how its body arrives
 * @param scope its group's merged scope, or null for the root scope
 */
public record RouteEntry(Handler handler, RouteOptions options, Lifecycle scope) {
    /** This route inside {@code group}. */
    public RouteEntry in(Lifecycle group) {
        return new RouteEntry(handler, options, group);
    }

    /** {@link #runs()}: on the event loop, the body aggregated first. */
    static final int INLINE = 0;
    /** {@link #runs()}: on the event loop, the body arriving after the handler returns. */
    static final int STREAMING = 1;
    /** {@link #runs()}: on a blocking thread (whatever its body mode). */
    static final int BLOCKING = 2;

    /** How the handler runs, in one look at the options: {@link #INLINE}, {@link #STREAMING} or {@link #BLOCKING}. */
    int runs() {
        return options.isBlocking() ? BLOCKING : options.isStreaming() ? STREAMING : INLINE;
    }

    boolean streaming() {
        return options.isStreaming();
    }

    public boolean messageStream() {
        return options.isMessageStream();
    }

    /** Whether a body still arriving for this route is held to {@code minBodyRate}: all but a message stream's. */
    public boolean rated() {
        return !options.isMessageStream();
    }
}
