package dev.pronto.auth.internal;

import com.nimbusds.jwt.JWTClaimsSet;
import dev.pronto.auth.Principal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Turns verified claims into a {@link Principal}. */
final class Claims {
    private Claims() {
    }

    static Principal principal(JWTClaimsSet claims, String rolesClaim) {
        String subject = claims.getSubject();
        Set<String> scopes = strings(claims.getClaim("scope"), " ");
        scopes.addAll(strings(claims.getClaim("scp"), " "));
        LinkedHashMap<String, Object> all = new LinkedHashMap<>();
        claims.getClaims().forEach((k, v) -> {
            if (v != null) {
                all.put(k, v);
            }
        });
        return new Principal(subject == null ? "" : subject, strings(claims.getClaim(rolesClaim), null), scopes,
                Collections.unmodifiableMap(all));
    }

    /** A string claim (split at {@code separator} when given) or an array of strings; anything else: none. */
    private static Set<String> strings(Object claim, String separator) {
        Set<String> out = new LinkedHashSet<>();
        if (claim instanceof String s) {
            for (String part : separator == null ? new String[] {s} : s.split(separator)) {
                if (!part.isEmpty()) {
                    out.add(part);
                }
            }
        } else if (claim instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof String s) {
                    out.add(s);
                }
            }
        }
        return out;
    }
}
