package dev.pronto.core.internal.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Reads {@code Config} files: Java properties, or the YAML subset configuration needs (nested maps of
 * scalars, comments, quoted strings). No YAML library, so the core stays dependency-free; lists,
 * anchors and multi-line strings are refused with the line number rather than misread.
 */
public final class ConfigFiles {
    /** The prefix naming a class-path resource instead of a file. */
    public static final String CLASSPATH = "classpath:";

    private ConfigFiles() {
    }

    /**
     * The keys and values, dotted, of {@code location}: a file path, or {@code classpath:name} for a
     * resource of the context class loader.
     *
     * @param required whether a missing file or resource is an error rather than an empty map
     * @throws IllegalArgumentException when it is missing but required, or cannot be read or parsed
     */
    public static Map<String, String> read(String location, Presence required) {
        String name = location.startsWith(CLASSPATH) ? location.substring(CLASSPATH.length()) : location;
        InputStream in;
        try {
            in = open(location, name);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("configuration file " + location + ": " + e.getMessage(), e);
        }
        if (in == null) {
            if (required == Presence.REQUIRED) {
                throw new IllegalArgumentException("configuration file " + location + " does not exist"
                        + " (a file named explicitly must exist; use optionalFile to allow a missing one)");
            }
            return Map.of();
        }
        try (in) {
            return parse(name, new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException | UncheckedIOException e) {
            throw new IllegalArgumentException("configuration file " + location + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, String> parse(String name, Reader r) throws IOException {
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            return yaml(new BufferedReader(r).lines().toList());
        }
        Properties p = new Properties();
        p.load(r);
        Map<String, String> values = new HashMap<>();
        p.stringPropertyNames().forEach(k -> values.put(k, p.getProperty(k)));
        return values;
    }

    /** Whether a named configuration source must exist. */
    public enum Presence { REQUIRED, OPTIONAL }

    private static InputStream open(String location, String name) throws IOException {
        if (location.startsWith(CLASSPATH)) {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            return (loader != null ? loader : ConfigFiles.class.getClassLoader()).getResourceAsStream(name);
        }
        Path file = Path.of(location);
        return Files.exists(file) ? Files.newInputStream(file) : null;
    }

    static Map<String, String> yaml(List<String> lines) {
        Map<String, String> values = new HashMap<>();
        Deque<int[]> indents = new ArrayDeque<>();     // indentation of each open map
        Deque<String> prefixes = new ArrayDeque<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = stripComment(lines.get(n));
            if (line.isBlank() || line.strip().equals("---")) {
                continue;
            }
            int indent = line.length() - line.stripLeading().length();
            String text = line.strip();
            int colon = text.indexOf(':');
            if (colon <= 0 || text.startsWith("- ") || text.endsWith("|") || text.endsWith(">")) {
                throw new IllegalArgumentException("line " + (n + 1) + ": only 'key: value' maps are supported");
            }
            while (!indents.isEmpty() && indents.peek()[0] >= indent) {
                indents.pop();
                prefixes.pop();
            }
            String key = (prefixes.isEmpty() ? "" : prefixes.peek()) + text.substring(0, colon).strip();
            String value = text.substring(colon + 1).strip();
            if (value.isEmpty()) {
                indents.push(new int[] {indent});
                prefixes.push(key + '.');
            } else {
                values.put(key, unquote(value));
            }
        }
        return values;
    }

    private static String stripComment(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"' || c == '\'') {
                quoted = !quoted;
            } else if (c == '#' && !quoted && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'') && v.charAt(v.length() - 1) == v.charAt(0)) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }

    /** {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h} or ISO-8601. */
    public static Optional<Duration> duration(String raw) {
        String s = raw.strip();
        try {
            if (s.startsWith("P") || s.startsWith("p")) {
                return Optional.of(Duration.parse(s));
            }
            if (s.endsWith("ms")) {
                return Optional.of(Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2))));
            }
            long n = Long.parseLong(s.substring(0, s.length() - 1));
            return switch (s.charAt(s.length() - 1)) {
                case 's' -> Optional.of(Duration.ofSeconds(n));
                case 'm' -> Optional.of(Duration.ofMinutes(n));
                case 'h' -> Optional.of(Duration.ofHours(n));
                default -> Optional.empty();
            };
        } catch (NumberFormatException | DateTimeParseException | StringIndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }
}
