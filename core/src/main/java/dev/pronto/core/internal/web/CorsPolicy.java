package dev.pronto.core.internal.web;

import java.util.List;

/**
 * One group's CORS settings, checked per request without allocating for exact origins. Immutable;
 * built by {@code dev.pronto.core.Cors.Builder}, which validates the settings first.
 *
 * @param prefix the group's path prefix ({@code ""} for every path)
 * @param origins exact allowed origins, as browsers serialize them
 * @param patterns wildcard-host origins
 * @param anyOrigin whether {@code *} was allowed
 * @param credentials whether credentialed requests may read responses
 * @param methods allowed methods (case-sensitive, as the Fetch standard compares them); empty with anyMethod
 * @param anyMethod whether any method is allowed
 * @param headers allowed request headers, lower case; empty with anyHeader
 * @param anyHeader whether any request header is allowed
 * @param exposed the {@code Access-Control-Expose-Headers} value, or null
 * @param maxAge the {@code Access-Control-Max-Age} value, or null
 */
public record CorsPolicy(String prefix, List<String> origins, List<OriginPattern> patterns, boolean anyOrigin,
                         boolean credentials, List<String> methods, boolean anyMethod, List<String> headers,
                         boolean anyHeader, String exposed, String maxAge) {
    /** Whether a response under this policy varies by Origin (it does unless every origin gets {@code *}). */
    boolean variesByOrigin() {
        return !anyOrigin || credentials;
    }

    /**
     * The {@code Access-Control-Allow-Origin} value for {@code origin}, or null when it is not allowed.
     * The opaque origin {@code null} (sandboxed documents, local files) is allowed only when listed
     * exactly: with credentials, reflecting it would let any sandboxed page in.
     */
    String allowOrigin(CharSequence origin) {
        for (int i = 0; i < origins.size(); i++) {
            if (origins.get(i).contentEquals(origin)) {
                return origins.get(i);
            }
        }
        if (anyOrigin && !credentials) {
            return "*";
        }
        if ("null".contentEquals(origin)) {
            return null;
        }
        for (int i = 0; i < patterns.size(); i++) {
            if (patterns.get(i).matches(origin)) {
                return origin.toString();
            }
        }
        return anyOrigin ? origin.toString() : null;
    }

    /**
     * Whether the preflight's {@code Access-Control-Request-Method} may be used; the CORS-safelisted
     * GET, HEAD and POST always may, as browsers never need them granted.
     */
    boolean allowsMethod(CharSequence method) {
        if (anyMethod || "GET".contentEquals(method) || "HEAD".contentEquals(method) || "POST".contentEquals(method)) {
            return true;
        }
        for (int i = 0; i < methods.size(); i++) {
            if (methods.get(i).contentEquals(method)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every name of the preflight's {@code Access-Control-Request-Headers} list is allowed. As in
     * the Fetch standard, {@code *} does not cover {@code Authorization}: it must be listed.
     */
    boolean allowsHeaders(CharSequence list) {
        if (list == null) {
            return true;
        }
        int start = 0;
        for (int i = 0; i <= list.length(); i++) {
            if (i == list.length() || list.charAt(i) == ',') {
                if (!allowsHeader(list, start, i)) {
                    return false;
                }
                start = i + 1;
            }
        }
        return true;
    }

    private boolean allowsHeader(CharSequence list, int from, int to) {
        while (from < to && (list.charAt(from) == ' ' || list.charAt(from) == '\t')) {
            from++;
        }
        while (to > from && (list.charAt(to - 1) == ' ' || list.charAt(to - 1) == '\t')) {
            to--;
        }
        if (from == to) {
            return true;
        }
        String asked = list.subSequence(from, to).toString();
        if (anyHeader && !asked.equalsIgnoreCase("authorization")) {
            return true;
        }
        for (int h = 0; h < headers.size(); h++) {
            if (headers.get(h).equalsIgnoreCase(asked)) {
                return true;
            }
        }
        return false;
    }
}
