package dev.pronto.core.internal;

/** Which content types are worth compressing when no server compression settings say otherwise. */
final class Encodings {
    private static final String[] PREFIXES = {"text/", "application/json", "application/javascript",
        "application/xml", "application/manifest+json", "image/svg+xml", "application/wasm"};

    private Encodings() {
    }

    static boolean compressible(String type) {
        for (String p : PREFIXES) {
            if (type.regionMatches(true, 0, p, 0, p.length())) {
                return true;
            }
        }
        return false;
    }
}
