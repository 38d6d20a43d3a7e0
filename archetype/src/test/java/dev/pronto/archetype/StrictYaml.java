package dev.pronto.archetype;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads YAML into Kubernetes' model classes (fabric8's, generated from the API's OpenAPI schema) with unknown
 * fields failing: those classes keep unknown fields in an "additional properties" map, which this mapper removes,
 * so a misspelt or misplaced field is an error naming it, as kubeconform would report it, without downloading
 * schemas at test time.
 */
final class StrictYaml {
    private static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule("strict").setDeserializerModifier(new BeanDeserializerModifier() {
                @Override
                public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription description,
                                                             BeanDeserializerBuilder builder) {
                    builder.setAnySetter(null);
                    builder.setIgnoreUnknownProperties(false);
                    return builder;
                }
            }));

    private StrictYaml() {
    }

    static <T> T read(String yaml, Class<T> type) {
        try {
            return MAPPER.readValue(yaml, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
