package dev.pronto.client.http;

/**
 * Whether the client follows 3xx responses that carry a {@code Location}. Following is opt-in.
 * 301, 302 and 303 turn a request into a body-less GET (except HEAD); 307 and 308 repeat the
 * method and body. Credentials ({@code Authorization}, {@code Cookie}) are dropped when the
 * origin changes.
 */
public enum Redirects {
    /** Redirect responses are returned to the caller as they are. */
    NEVER,
    /** Follow, except from https to http. */
    NORMAL,
    /** Follow every redirect. */
    ALWAYS
}
