package dev.pronto.core.internal.content;

import java.util.Map;

/** Content types by file extension; text types carry {@code charset=utf-8}. */
public final class MimeTypes {
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"), Map.entry("htm", "text/html; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"), Map.entry("js", "application/javascript; charset=utf-8"),
            Map.entry("mjs", "application/javascript; charset=utf-8"), Map.entry("json", "application/json"),
            Map.entry("txt", "text/plain; charset=utf-8"), Map.entry("xml", "application/xml; charset=utf-8"),
            Map.entry("svg", "image/svg+xml; charset=utf-8"), Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"), Map.entry("jpeg", "image/jpeg"), Map.entry("gif", "image/gif"),
            Map.entry("webp", "image/webp"), Map.entry("ico", "image/x-icon"), Map.entry("woff", "font/woff"),
            Map.entry("woff2", "font/woff2"), Map.entry("wasm", "application/wasm"),
            Map.entry("pdf", "application/pdf"), Map.entry("map", "application/json"),
            Map.entry("webmanifest", "application/manifest+json"));

    private MimeTypes() {
    }

    /**
     * The content type for a file name, by its extension (case-insensitive).
     *
     * @param fileName a file name such as {@code app.js}
     * @return the type, {@code application/octet-stream} when unknown
     */
    public static String of(String fileName) {
        int dot = fileName.lastIndexOf('.');
        String type = dot < 0 ? null : TYPES.get(fileName.substring(dot + 1).toLowerCase(java.util.Locale.ROOT));
        return type != null ? type : "application/octet-stream";
    }
}
