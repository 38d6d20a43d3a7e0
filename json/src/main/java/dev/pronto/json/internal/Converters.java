package dev.pronto.json.internal;

import com.dslplatform.json.Configuration;
import com.dslplatform.json.DslJson;
import com.dslplatform.json.JsonReader;
import com.dslplatform.json.JsonWriter;
import com.dslplatform.json.ObjectConverter;
import dsl_json.java.util.OptionalDslJsonConverter;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.List;

/**
 * The converters of one codec: a {@link DslJson} without run-time analysis, fed only the generated
 * configurations it is given, and per-type caches in front of it. A {@link ClassValue} makes the
 * per-call lookup a field load on the class, and a type without a converter caches a
 * {@link MissingConverter} so the error costs nothing until it is used. Parameterized types are
 * resolved, and cached, by DSL-JSON from the {@link ContainerFactories}.
 */
public final class Converters {
    private final OrderFreeDslJson dsl;
    private final ClassValue<JsonWriter.WriteObject<Object>> writers = new ClassValue<>() {
        @Override
        protected JsonWriter.WriteObject<Object> computeValue(Class<?> type) {
            return findWriter(type);
        }
    };
    private final ClassValue<JsonReader.ReadObject<?>> readers = new ClassValue<>() {
        @Override
        protected JsonReader.ReadObject<?> computeValue(Class<?> type) {
            return findReader(type);
        }
    };

    /**
     * Creates the converters from generated configurations.
     *
     * @param configurations the generated {@code dsljson.configuration} classes to register, in any order
     * @throws IllegalStateException when a generated converter refers to a type that has no converter
     */
    public Converters(List<Configuration> configurations) {
        DslJson.Settings<Object> settings = new DslJson.Settings<>()
                .errorInfo(JsonReader.ErrorInfo.DESCRIPTION_ONLY)
                .resolveReader(ContainerFactories.readers())
                .resolveWriter(ContainerFactories.writers(this));
        // Registered by instance: DSL-JSON would otherwise load it by class name on first use.
        settings.with(new OptionalDslJsonConverter());
        dsl = new OrderFreeDslJson(settings);
        dsl.registerReader(Object.class, ObjectConverter::deserializeObject);
        dsl.registerReader(Instant.class, InstantCodec::read);
        dsl.registerWriter(Instant.class, InstantCodec::write);
        dsl.configure(configurations);
    }

    /** Creates a writer bound to these converters, for encoding maps with values of any registered type. */
    JsonWriter newWriter(int size) {
        return dsl.newWriter(size);
    }

    /** Creates a reader bound to these converters. */
    JsonReader<Object> newReader(byte[] buffer) {
        return dsl.newReader(buffer);
    }

    /**
     * Returns the encoder for exactly {@code type}; a stand-in that throws when none was generated.
     *
     * @param type the class of the value to encode
     * @return the encoder, never null
     */
    public JsonWriter.WriteObject<Object> writer(Class<?> type) {
        return writers.get(type);
    }

    /**
     * Returns the decoder for {@code type}; a stand-in that throws when none was generated.
     *
     * @param type a class or a parameterized type such as {@code List<Item>}
     * @return the decoder, never null
     */
    public JsonReader.ReadObject<?> reader(Type type) {
        if (type instanceof Class<?> c) {
            return readers.get(c);
        }
        JsonReader.ReadObject<?> found = dsl.tryFindReader(type);
        return found != null ? found : MissingConverter.decoder(type.getTypeName());
    }

    /**
     * Checks that {@code type} has both an encoder and a decoder.
     *
     * @param type the class to check
     * @throws IllegalArgumentException naming the type and the annotation to add
     */
    public void verify(Class<?> type) {
        if (writer(type) instanceof MissingConverter missing) {
            throw new IllegalArgumentException(missing.message());
        }
        if (reader(type) instanceof MissingConverter missing) {
            throw new IllegalArgumentException(missing.message());
        }
    }

    @SuppressWarnings("unchecked")
    private JsonWriter.WriteObject<Object> findWriter(Class<?> type) {
        JsonWriter.WriteObject<?> found = dsl.tryFindWriter(type);
        if (found != null) {
            return (JsonWriter.WriteObject<Object>) found;
        }
        if (ElementsWriter.accepts(type)) {
            return new ElementsWriter(null, this);
        }
        return MissingConverter.encoder(type.getName());
    }

    private JsonReader.ReadObject<?> findReader(Class<?> type) {
        JsonReader.ReadObject<?> found = dsl.tryFindReader(type);
        return found != null ? found : MissingConverter.decoder(type.getName());
    }
}
