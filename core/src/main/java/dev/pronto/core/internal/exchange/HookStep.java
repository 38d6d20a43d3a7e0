package dev.pronto.core.internal.exchange;

import dev.pronto.core.RequestHook;

/**
 * One request hook of a scope: either synchronous or asynchronous, decided when it was registered
 * (never by inspecting the user's object).
 *
 * @param sync the hook, or null when {@code async} is set
 * @param async the asynchronous hook, or null when {@code sync} is set
 */
public record HookStep(RequestHook sync, RequestHook.AsyncHook async) {
    /** A synchronous step. */
    public static HookStep sync(RequestHook hook) {
        return new HookStep(hook, null);
    }

    /** An asynchronous step. */
    public static HookStep async(RequestHook.AsyncHook hook) {
        return new HookStep(null, hook);
    }
}
