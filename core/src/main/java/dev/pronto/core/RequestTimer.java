package dev.pronto.core;

/**
 * The timer of one request series (see {@link RequestTimers}).
 *
 * <p>Called on event loops for every request: it must be thread-safe, must not block and should not
 * allocate.
 */
@FunctionalInterface
public interface RequestTimer {
    /** Records one request that took {@code nanos} from its head to its response hand-off. */
    void record(long nanos);
}
