package dev.pronto.auth.internal;

import dev.pronto.auth.Principal;
import dev.pronto.core.Request;
import dev.pronto.core.Response;

/** An authentication scheme: finds the caller of a request, or answers it 401. */
public interface Scheme {
    /**
     * The caller, or null after answering {@code res} 401 with this scheme's challenge. Event loop; must
     * not block.
     */
    Principal authenticate(Request req, Response res) throws Exception;

    /** The challenge for a caller lacking {@code scopes}, or null when this scheme has no scopes. */
    String insufficientScope(String scopes);
}
