package dev.pronto.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.dslplatform.json.Configuration;
import com.dslplatform.json.DslJson;
import dev.pronto.json.Shapes.Item;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A codec registers its generated converters on first use, once, not when it is created. */
class ProntoJsonLazyTest {
    private static final class Counting implements Configuration {
        final AtomicInteger calls = new AtomicInteger();
        private final Configuration generated = new TestJsonConfiguration();

        @Override
        public void configure(DslJson json) {
            calls.incrementAndGet();
            generated.configure(json);
        }
    }

    @Test
    void creatingACodecRegistersNothing() {
        Counting configuration = new Counting();
        ProntoJson.create(configuration);
        assertThat(configuration.calls).hasValue(0);
    }

    @Test
    void theFirstUseRegistersTheConvertersOnce() {
        Counting configuration = new Counting();
        ProntoJson codec = ProntoJson.create(configuration);
        codec.verify(Item.class);
        codec.verify(Item.class);
        assertThat(configuration.calls).hasValue(1);
    }
}
