package dev.pronto.core.config;

import dev.pronto.core.internal.server.ConfigFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Layered, typed configuration. A key such as {@code database.max-conn} is looked up, the last layer
 * winning, in: the defaults the caller passes to the accessor, properties or YAML files (paths, or
 * {@code classpath:} resources; one named with {@code file} must exist, {@code optionalFile} may be missing), the
 * environment (under {@code DATABASE_MAX_CONN}: upper case, dots and dashes as underscores) and
 * system properties ({@code -Ddatabase.max-conn=...}). Applications read it into one record per
 * concern, validated in the record's constructor:
 *
 * <pre>{@code
 * Config config = Config.builder().file(Path.of("app.yaml")).env(System.getenv()).systemProperties().build();
 * record Db(String url, int maxConnections) {
 *     static Db from(Config c) {
 *         return new Db(c.secret("database.url", "postgres://localhost/app"), c.integer("database.max-conn", 16, 1, 1024));
 *     }
 * }
 * LOG.info("configuration:\n{}", config.describe());   // every key read, its value and source; secrets masked
 * }</pre>
 *
 * <p>Errors are {@link IllegalArgumentException}s naming the key, the value and where it came from.
 * Thread-safe once built; meant for start-up, not for request paths.
 */
public final class Config {
    static {
        dev.pronto.core.internal.server.NettyDefaults.apply(); // apps read their config before touching Netty
    }

    private static final Pattern URL_PASSWORD = Pattern.compile("(://[^:/@]*:)[^@/]*@");
    private final List<Layer> layers;
    private final Map<String, String> described = new TreeMap<>();

    /** Where a layer's values come from: only a file's keys are all meant for the service. */
    private enum Origin { FILE, ENV, PROPERTIES }

    private record Layer(String name, Map<String, String> values, Origin origin) {
        boolean envNames() {
            return origin == Origin.ENV;
        }
    }

    private Config(List<Layer> layers) {
        this.layers = List.copyOf(layers);
    }

    /** A builder with no layers: every accessor returns its default. */
    public static Builder builder() {
        return new Builder();
    }

    /** The string at {@code key}, or {@code fallback} (which may be null) when no layer sets it. */
    public String string(String key, String fallback) {
        return read(key, fallback, Visibility.PLAIN);
    }

    /** Like {@link #string(String, String)}, but {@link #describe()} shows it as {@code ***}. */
    public String secret(String key, String fallback) {
        return read(key, fallback, Visibility.SECRET);
    }

    /**
     * The integer at {@code key}, or {@code fallback}.
     *
     * @throws IllegalArgumentException when the value is not an integer within [min, max]
     */
    public int integer(String key, int fallback, int min, int max) {
        String raw = read(key, Integer.toString(fallback), Visibility.PLAIN);
        int value;
        try {
            value = Integer.parseInt(raw.strip());
        } catch (NumberFormatException e) {
            throw invalid(key, raw, "an integer");
        }
        if (value < min || value > max) {
            throw invalid(key, Integer.toString(value), "between " + min + " and " + max);
        }
        return value;
    }

    /**
     * The long integer at {@code key}, or {@code fallback}: for sizes and counts beyond {@code int}.
     *
     * @throws IllegalArgumentException when the value is not an integer within [min, max]
     */
    public long longInteger(String key, long fallback, long min, long max) {
        String raw = read(key, Long.toString(fallback), Visibility.PLAIN);
        long value;
        try {
            value = Long.parseLong(raw.strip());
        } catch (NumberFormatException e) {
            throw invalid(key, raw, "an integer");
        }
        if (value < min || value > max) {
            throw invalid(key, Long.toString(value), "between " + min + " and " + max);
        }
        return value;
    }

    /**
     * The boolean at {@code key} ({@code true} or {@code false}, any case), or {@code fallback}.
     *
     * @throws IllegalArgumentException when the value is anything else (a typo must not read as false)
     */
    public boolean bool(String key, boolean fallback) {
        String raw = read(key, Boolean.toString(fallback), Visibility.PLAIN);
        String v = raw.strip();
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v);
        }
        throw invalid(key, raw, "true or false");
    }

    /** The path at {@code key}, or {@code fallback}. */
    public Path path(String key, String fallback) {
        return Path.of(Objects.requireNonNull(read(key, fallback, Visibility.PLAIN), key));
    }

    /**
     * The duration at {@code key} ({@code 500ms}, {@code 10s}, {@code 2m} or ISO-8601 {@code PT10S}), or {@code fallback} (may be null).
     *
     * @throws IllegalArgumentException when the value is not a duration
     */
    public Duration duration(String key, Duration fallback) {
        String raw = read(key, fallback == null ? null : fallback.toString(), Visibility.PLAIN);
        if (raw == null) {
            return null;
        }
        return ConfigFiles.duration(raw).orElseThrow(() -> invalid(key, raw, "a duration such as 500ms, 10s or PT10S"));
    }

    /**
     * Like {@link #duration(String, Duration)}, within [min, max].
     *
     * @throws IllegalArgumentException when the value is not a duration or is outside the bounds
     */
    public Duration duration(String key, Duration fallback, Duration min, Duration max) {
        Duration value = Objects.requireNonNull(duration(key, Objects.requireNonNull(fallback, "fallback")), key);
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw invalid(key, value.toString(), "between " + min + " and " + max);
        }
        return value;
    }

    /**
     * One of {@code allowed}, or {@code fallback}.
     *
     * @throws IllegalArgumentException when the value is not one of them
     */
    public String oneOf(String key, String fallback, List<String> allowed) {
        String value = read(key, fallback, Visibility.PLAIN);
        if (!allowed.contains(value)) {
            throw invalid(key, value, "one of " + allowed);
        }
        return value;
    }

    /**
     * Every key read so far, sorted, one {@code key = value (source)} a line: secrets as {@code ***}
     * and passwords in URLs masked, for logging the effective configuration at start.
     */
    public synchronized String describe() {
        StringBuilder sb = new StringBuilder();
        described.forEach((key, line) -> sb.append(key).append(" = ").append(line).append('\n'));
        return sb.toString();
    }

    /**
     * The keys set in a file that nothing has read so far, one warning each, with the nearest key that was
     * read: {@code configuration key 'server.prot' (file app.yaml) is not used; did you mean 'server.port'?}.
     * Call it once the service has read all its configuration (after the server is built), and log what it
     * returns: a misspelt key is otherwise silently ignored and its default used. Environment variables and
     * system properties are not checked (they hold much that is not the service's).
     *
     * @return the warnings, in key order; empty when every file key was read
     */
    public synchronized List<String> unknownKeys() {
        List<String> warnings = new ArrayList<>();
        for (Layer layer : layers) {
            if (layer.origin != Origin.FILE) {
                continue;
            }
            for (String key : new TreeMap<>(layer.values).keySet()) {
                if (!described.containsKey(key)) {
                    String nearest = ConfigKeys.nearest(key, described.keySet());
                    warnings.add("configuration key '" + key + "' (" + layer.name + ") is not used"
                            + (nearest == null ? "" : "; did you mean '" + nearest + "'?"));
                }
            }
        }
        return warnings;
    }

    private enum Visibility { PLAIN, SECRET }

    private IllegalArgumentException invalid(String key, String value, String expected) {
        return new IllegalArgumentException("configuration key '" + key + "' (" + source(key) + ") must be " + expected
                + ", got '" + value + "'");
    }

    private String read(String key, String fallback, Visibility visibility) {
        String value = fallback;
        String source = "default";
        for (Layer layer : layers) {
            String name = layer.envNames() ? envName(key) : key;
            String v = layer.values.get(name);
            if (v != null) {
                value = v;
                source = layer.name + (layer.envNames() ? " " + name : "");
            }
        }
        String shown = value == null ? "(unset)" : visibility == Visibility.SECRET ? "***"
                : URL_PASSWORD.matcher(value).replaceAll("$1***@");
        synchronized (this) {
            described.put(key, shown + " (" + source + ")");
        }
        return value;
    }

    private String source(String key) {
        String source = "default";
        for (Layer layer : layers) {
            String name = layer.envNames() ? envName(key) : key;
            if (layer.values.containsKey(name)) {
                source = layer.name + (layer.envNames() ? " " + name : "");
            }
        }
        return source;
    }

    /** The environment variable of {@code key}: {@code database.max-conn} is {@code DATABASE_MAX_CONN}. */
    public static String envName(String key) {
        return key.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** Builds a {@link Config}; layers added later win. Not thread-safe. */
    public static final class Builder {
        private final List<Layer> layers = new ArrayList<>();

        private Builder() {
        }

        /**
         * Adds a {@code .properties} or {@code .yaml}/{@code .yml} file (nested YAML maps become dotted
         * keys). A file named explicitly must exist: a typo must not start the service on defaults.
         *
         * @throws IllegalArgumentException when the file does not exist, or cannot be read or parsed
         */
        public Builder file(Path file) {
            return file(file.toString());
        }

        /**
         * Like {@link #file(Path)}, for a file path or a class-path resource named {@code classpath:app.yaml}
         * (looked up in the thread's context class loader).
         *
         * @throws IllegalArgumentException when it does not exist, or cannot be read or parsed
         */
        public Builder file(String location) {
            return layer(location, ConfigFiles.Presence.REQUIRED);
        }

        /**
         * Like {@link #file(Path)}, but a missing file is skipped: for an optional local override.
         *
         * @throws IllegalArgumentException when the file exists but cannot be read or parsed
         */
        public Builder optionalFile(Path file) {
            return optionalFile(file.toString());
        }

        /**
         * Like {@link #file(String)}, but a missing file or resource is skipped.
         *
         * @throws IllegalArgumentException when it exists but cannot be read or parsed
         */
        public Builder optionalFile(String location) {
            return layer(location, ConfigFiles.Presence.OPTIONAL);
        }

        private Builder layer(String location, ConfigFiles.Presence presence) {
            String name = location.startsWith(ConfigFiles.CLASSPATH) ? location : "file " + location;
            layers.add(new Layer(name, ConfigFiles.read(location, presence), Origin.FILE));
            return this;
        }

        /** Adds environment variables, looked up under {@link Config#envName(String)}. */
        public Builder env(Map<String, String> env) {
            layers.add(new Layer("env", Map.copyOf(env), Origin.ENV));
            return this;
        }

        /** Adds the JVM's system properties as they are now. */
        public Builder systemProperties() {
            return properties("system property", System.getProperties());
        }

        /** Adds {@code properties} under the source name {@code name}. */
        public Builder properties(String name, Properties properties) {
            Map<String, String> values = new java.util.HashMap<>();
            properties.stringPropertyNames().forEach(k -> values.put(k, properties.getProperty(k)));
            layers.add(new Layer(name, values, Origin.PROPERTIES));
            return this;
        }

        /** The configuration. */
        public Config build() {
            return new Config(layers);
        }
    }
}
