package dev.pronto.proxy.internal;

/**
 * A forwarded request as the group's admission sees it: it starts once it holds a slot of a member,
 * or is refused. The group calls exactly one of the two methods, once per admission, on the
 * request's own event loop when it has one. Internal: not API.
 */
interface Waiter {
    /** Sends the request to {@code m}, whose slot it now holds (released by {@link Members#release}). */
    void start(Member m);

    /** Answers 503 with {@code reason}: no member serves, or too many requests already wait. */
    void refuse(String reason);

    /** Runs {@code action} if the request's client goes away (stream reset, connection closed) before its answer. */
    void onAbandon(Runnable action);
}
