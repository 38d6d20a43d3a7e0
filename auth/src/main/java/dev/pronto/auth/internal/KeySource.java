package dev.pronto.auth.internal;

import com.nimbusds.jose.JWSVerifier;
import java.util.List;

/** Where verification keys come from: a fixed set, or a JWKS URL refetched in the background. */
public interface KeySource {
    /** The current keys; thread-safe, never blocks. A new instance whenever the keys change. */
    KeySet current();

    /** A token named a {@code kid} the current keys lack: may start a (rate-limited) background refetch. */
    default void missed(String kid) {
    }

    /** Called for each verification: may start a background refresh of aging keys. */
    default void touch() {
    }

    /** An immutable set of verifiers by {@code kid}. */
    interface KeySet {
        /** The verifiers for {@code kid} (every key when null), or null when none has that id. */
        List<JWSVerifier> find(String kid);
    }
}
