package dev.pronto.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Checks a Basic auth user name and password. Runs on the event loop for every request carrying
 * credentials, so it must not block (look users up in memory, or use a blocking route and a cache).
 */
@FunctionalInterface
public interface BasicVerifier {
    /**
     * The principal for these credentials, or null when they are wrong (the request gets 401).
     *
     * @throws Exception mapped to an error response like a handler's exception
     */
    Principal verify(String user, String password) throws Exception;

    /**
     * Whether {@code supplied} equals {@code expected}, in time that does not depend on where they differ
     * (for static credentials: a plain {@code equals} tells an attacker how many leading characters are
     * right). Null never matches.
     */
    static boolean matches(String supplied, String expected) {
        if (supplied == null || expected == null) {
            return false;
        }
        return MessageDigest.isEqual(supplied.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }
}
