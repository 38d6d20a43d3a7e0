package dev.pronto.json;

import com.dslplatform.json.Configuration;
import dev.pronto.core.BadRequestException;
import dev.pronto.core.JsonCodec;
import dev.pronto.json.internal.Converters;
import dev.pronto.json.internal.JsonDecoder;
import dev.pronto.json.internal.JsonEncoder;
import dev.pronto.json.internal.ScratchPool;
import io.netty.buffer.ByteBuf;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * The JSON codec for Pronto, backed by DSL-JSON converters generated at compile time.
 *
 * <p>Wiring, with the records annotated {@code @CompiledJson} and the compiler argument
 * {@code -Adsljson.configuration=com.example.JsonConfiguration}:
 * <pre>{@code
 * Server.builder().json(ProntoJson.create(new JsonConfiguration()))
 * }</pre>
 * Passing the generated configuration is preferred; {@link #create()} finds it with
 * {@link ServiceLoader} instead. Either way DSL-JSON runs without its reflection-based run-time
 * analysis, so a type without a generated converter is an {@link IllegalArgumentException} naming
 * the type, from {@link #verify(Class)} at startup or at its first use.
 *
 * <p>Encoding goes through a writer reused per thread and ends in one bulk copy into the
 * destination buffer; decoding reads heap buffers in place when their array starts at the first
 * readable byte and copies other buffers once into a per-thread array. Supported values: generated
 * types (records, nested records, enums, their lists, maps, {@code Optional} and {@code long}
 * properties), {@link java.time.Instant} through {@link InstantConverter}, DSL-JSON's built-in
 * types, and at the top level {@code Collection}s and arrays of those, plus {@code List<T>},
 * {@code Set<T>}, {@code Map<String, V>} and {@code Optional<T>} for {@link #read(ByteBuf, Type)}.
 *
 * <p>Creating a codec is cheap: the converters are registered with DSL-JSON on its first use (the
 * first encode, decode or {@link #verify(Class)}), which takes a lock once.
 *
 * <p>Thread-safe; one instance serves all event loops and virtual threads.
 */
public final class ProntoJson implements JsonCodec {
    /** Default for {@link Builder#maxDepth(int)}: the deepest nesting of arrays and objects accepted. */
    public static final int DEFAULT_MAX_DEPTH = 256;

    private final List<Configuration> configurations;
    private final int maxDepth;
    /** Built on first use: registering the generated converters costs ~0.2 s of start-up a service may not need yet. */
    private volatile Codec codec;

    private record Codec(Converters converters, JsonEncoder encoder, JsonDecoder decoder) {
    }

    private ProntoJson(Builder builder) {
        this.configurations = List.copyOf(builder.configurations);
        this.maxDepth = builder.maxDepth;
    }

    private Codec codec() {
        Codec c = codec;
        return c != null ? c : init();
    }

    private synchronized Codec init() {
        if (codec == null) {
            Converters converters = new Converters(configurations);
            ScratchPool pool = new ScratchPool(converters);
            codec = new Codec(converters, new JsonEncoder(converters, pool), new JsonDecoder(converters, pool, maxDepth));
        }
        return codec;
    }

    /**
     * Creates a codec from the configurations DSL-JSON generated for the
     * {@code -Adsljson.configuration=...} compiler argument.
     *
     * @param generated one or more generated configurations, e.g. {@code new JsonConfiguration()}
     * @return the codec, with default limits
     */
    public static ProntoJson create(Configuration... generated) {
        Builder builder = builder();
        for (Configuration configuration : generated) {
            builder.configuration(configuration);
        }
        return builder.build();
    }

    /**
     * Creates a codec from the generated configurations listed in
     * {@code META-INF/services/com.dslplatform.json.Configuration}, which DSL-JSON writes when the
     * {@code dsljson.configuration} compiler argument is set. Prefer
     * {@link #create(Configuration...)}: it needs no class path scan and cannot miss a jar.
     *
     * @return the codec, with default limits
     * @throws IllegalStateException if no generated configuration is found
     */
    public static ProntoJson create() {
        Builder builder = builder().serviceLoader(contextLoader());
        if (builder.configurations.isEmpty()) {
            throw new IllegalStateException("No generated DSL-JSON configuration found on the class path: compile"
                    + " with -Adsljson.configuration=com.example.JsonConfiguration and pass"
                    + " new JsonConfiguration() to ProntoJson.create(...)");
        }
        return builder.build();
    }

    /**
     * Starts a codec with non-default settings.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Called on any thread. The bytes are appended to {@code out} only once encoding succeeded.
     */
    @Override
    public void write(Object value, ByteBuf out) {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(out, "out");
        codec().encoder().encode(value, out);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Bad input is a {@link BadRequestException} such as
     * {@code "invalid JSON at byte 17: Expecting '}' for object end. Found ]"}. Properties missing
     * from the document take their default ({@code null}, {@code 0}, {@code Optional.empty()})
     * unless the record component is marked {@code @JsonAttribute(mandatory = true)}. DSL-JSON does
     * not always detect an integer literal too large for an {@code int} or {@code long} property.
     */
    @Override
    @SuppressWarnings("unchecked")
    public <T> T read(ByteBuf body, Class<T> type) {
        return (T) read(body, (Type) type);
    }

    /** {@inheritDoc} */
    @Override
    public Object read(ByteBuf body, Type type) {
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(type, "type");
        return codec().decoder().decode(body, type);
    }

    /** {@inheritDoc} */
    @Override
    public void verify(Class<?> type) {
        codec().converters().verify(Objects.requireNonNull(type, "type"));
    }

    private static ClassLoader contextLoader() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return loader != null ? loader : ProntoJson.class.getClassLoader();
    }

    /**
     * Settings for a {@link ProntoJson}. Defaults: no configurations, {@code maxDepth}
     * {@value ProntoJson#DEFAULT_MAX_DEPTH}.
     */
    public static final class Builder {
        private final List<Configuration> configurations = new ArrayList<>();
        private int maxDepth = DEFAULT_MAX_DEPTH;

        private Builder() {
        }

        /**
         * Registers a generated configuration (the class named by {@code -Adsljson.configuration}).
         *
         * @param generated the configuration
         * @return this builder
         */
        public Builder configuration(Configuration generated) {
            configurations.add(Objects.requireNonNull(generated, "generated"));
            return this;
        }

        /**
         * Registers every configuration that {@code loader} lists under
         * {@code META-INF/services/com.dslplatform.json.Configuration}.
         *
         * @param loader the class loader to search
         * @return this builder
         */
        public Builder serviceLoader(ClassLoader loader) {
            Objects.requireNonNull(loader, "loader");
            for (Configuration found : ServiceLoader.load(Configuration.class, loader)) {
                configurations.add(found);
            }
            return this;
        }

        /**
         * Sets the deepest nesting of arrays and objects a request body may have; deeper documents
         * are rejected with 400 before they are parsed.
         *
         * @param maxDepth between 1 and 4096
         * @return this builder
         */
        public Builder maxDepth(int maxDepth) {
            if (maxDepth < 1 || maxDepth > 4096) {
                throw new IllegalArgumentException("maxDepth must be in 1..4096, got " + maxDepth);
            }
            this.maxDepth = maxDepth;
            return this;
        }

        /**
         * Creates the codec.
         *
         * @return a new codec
         */
        public ProntoJson build() {
            return new ProntoJson(this);
        }
    }
}
