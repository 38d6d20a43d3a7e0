package dev.pronto.json.internal;

import com.dslplatform.json.Configuration;
import com.dslplatform.json.DslJson;
import com.dslplatform.json.JsonReader;
import com.dslplatform.json.JsonWriter;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@link DslJson} whose generated configurations may be registered in any order. A generated
 * converter looks up the converters of the types it holds in its constructor when they are public
 * (for example {@code List<Item>} in {@code Page}); DSL-JSON's configuration class registers the
 * types in the order the processor met them, so {@code Page} could be built before {@code Item}
 * exists and keep a null writer forever. While {@link #configure} runs, a lookup that finds nothing
 * answers a {@link Forward} instead, which binds to the real converter on first use; afterwards every
 * forward must find its converter, or the configuration fails naming the type.
 */
final class OrderFreeDslJson extends DslJson<Object> {
    private final List<Forward> forwards = new ArrayList<>();
    private boolean configuring;

    OrderFreeDslJson(Settings<Object> settings) {
        super(settings);
    }

    /**
     * Registers {@code configurations}, then binds every forward handed out meanwhile.
     *
     * @throws IllegalStateException naming each referenced type that has no converter
     */
    void configure(List<Configuration> configurations) {
        configuring = true;
        try {
            for (Configuration configuration : configurations) {
                configuration.configure(this);
            }
        } finally {
            configuring = false;
        }
        Set<String> missing = new LinkedHashSet<>();
        for (Forward forward : forwards) {
            if (!forward.bind()) {
                missing.add(forward.type.getTypeName() + " (" + forward.side.name().toLowerCase(java.util.Locale.ROOT) + ")");
            }
        }
        forwards.clear();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("A generated JSON converter refers to " + String.join(", ", missing)
                    + ", which has none" + MissingConverter.hint());
        }
    }

    @Override
    public JsonWriter.WriteObject<?> tryFindWriter(Type manifest) {
        JsonWriter.WriteObject<?> found = super.tryFindWriter(manifest);
        return found != null || !configuring || manifest == Object.class ? found : forward(manifest, Side.ENCODER);
    }

    @Override
    public JsonReader.ReadObject<?> tryFindReader(Type manifest) {
        JsonReader.ReadObject<?> found = super.tryFindReader(manifest);
        return found != null || !configuring || manifest == Object.class ? found : forward(manifest, Side.DECODER);
    }

    private Forward forward(Type manifest, Side side) {
        Forward forward = new Forward(this, manifest, side);
        forwards.add(forward);
        return forward;
    }

    private enum Side { ENCODER, DECODER }

    /** Stands in for a converter not registered yet; bound once configuration ended, before any use. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static final class Forward implements JsonWriter.WriteObject<Object>, JsonReader.ReadObject<Object> {
        private final OrderFreeDslJson dsl;
        private final Type type;
        private final Side side;
        private JsonWriter.WriteObject writeTo;
        private JsonReader.ReadObject readFrom;

        Forward(OrderFreeDslJson dsl, Type type, Side side) {
            this.dsl = dsl;
            this.type = type;
            this.side = side;
        }

        /** Finds the real converter; false when there is none. Runs once, before the codec is published. */
        boolean bind() {
            if (side == Side.DECODER) {
                readFrom = dsl.tryFindReader(type);
                return readFrom != null;
            }
            writeTo = dsl.tryFindWriter(type);
            return writeTo != null;
        }

        @Override
        public void write(JsonWriter writer, Object value) {
            writeTo.write(writer, value);
        }

        @Override
        public Object read(JsonReader in) throws java.io.IOException {
            return readFrom.read(in);
        }
    }
}
