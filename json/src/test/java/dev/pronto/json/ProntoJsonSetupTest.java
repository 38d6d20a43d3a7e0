package dev.pronto.json;

import static dev.pronto.json.Bodies.read;
import static dev.pronto.json.Bodies.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.json.Bodies.TypeOf;
import dev.pronto.json.Shapes.Item;
import dev.pronto.json.Shapes.Unregistered;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProntoJsonSetupTest {
    private final ProntoJson codec = ProntoJson.create(new TestJsonConfiguration());

    @Test
    void verifyAcceptsAGeneratedType() {
        assertThatCode(() -> codec.verify(Item.class)).doesNotThrowAnyException();
    }

    @Test
    void verifyRejectsATypeWithoutConverterNamingTheTypeAndTheAnnotation() {
        assertThatThrownBy(() -> codec.verify(Unregistered.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dev.pronto.json.Shapes$Unregistered")
                .hasMessageContaining("@com.dslplatform.json.CompiledJson")
                .hasMessageContaining("-Adsljson.configuration=");
    }

    @Test
    void writingATypeWithoutConverterIsRejected() {
        assertThatThrownBy(() -> write(codec, new Unregistered("x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("No JSON encoder for dev.pronto.json.Shapes$Unregistered: annotate");
    }

    @Test
    void readingATypeWithoutConverterIsRejectedBeforeTheBodyIsParsed() {
        assertThatThrownBy(() -> read(codec, "not even JSON", Unregistered.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("No JSON decoder for dev.pronto.json.Shapes$Unregistered: annotate");
    }

    @Test
    void readingAListOfATypeWithoutConverterIsRejected() {
        assertThatThrownBy(() -> read(codec, "[]", new TypeOf<List<Unregistered>>() {}.type()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("No JSON decoder for java.util.List<dev.pronto.json.Shapes$Unregistered>");
    }

    @Test
    void failedEncodingLeavesTheBufferUntouched() {
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer();
        try {
            assertThatThrownBy(() -> codec.write(Map.of("a", 1, "b", new Unregistered("x")), out))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Unregistered");
            assertThat(out.writerIndex()).isZero();
        } finally {
            out.release();
        }
    }

    @Test
    void writingNullIsRejected() {
        assertThatThrownBy(() -> write(codec, null)).isInstanceOf(NullPointerException.class).hasMessage("value");
    }

    @Test
    void codecWithoutConfigurationsStillHandlesBuiltInTypes() {
        ProntoJson bare = ProntoJson.builder().build();

        assertThat(write(bare, Map.of("n", List.of(1, 2)))).isEqualTo("{\"n\":[1,2]}");
    }

    @Test
    void createWithoutArgumentsFindsTheGeneratedConfigurationThroughServiceLoader() {
        assertThatCode(() -> ProntoJson.create().verify(Item.class)).doesNotThrowAnyException();
    }

    @Test
    void createWithoutArgumentsFailsWhenNothingWasGenerated() throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader original = thread.getContextClassLoader();
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            thread.setContextClassLoader(empty);
            assertThatThrownBy(ProntoJson::create)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("-Adsljson.configuration=");
        } finally {
            thread.setContextClassLoader(original);
        }
    }

    @Test
    void maxDepthOutsideItsRangeIsRejected() {
        assertThatThrownBy(() -> ProntoJson.builder().maxDepth(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxDepth must be in 1..4096, got 0");
    }
}
