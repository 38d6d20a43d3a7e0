package dev.pronto.json;

import static dev.pronto.json.Bodies.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.BadRequestException;
import dev.pronto.json.Shapes.Event;
import dev.pronto.json.Shapes.Item;
import dev.pronto.json.Shapes.Node;
import dev.pronto.json.Shapes.Order;
import dev.pronto.json.Shapes.Quantity;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProntoJsonBadInputTest {
    private final ProntoJson codec = ProntoJson.builder()
            .configuration(new TestJsonConfiguration())
            .maxDepth(8)
            .build();

    @Test
    void malformedJsonIsBadRequestSayingWhere() {
        assertThatThrownBy(() -> read(codec, "{\"id\":1,\"name\":\"a\"]", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 18: Expecting '}' for object end. Found ]");
    }

    @Test
    void badRequestHasStatus400() {
        assertThatThrownBy(() -> read(codec, "{", Item.class))
                .isInstanceOfSatisfying(BadRequestException.class, e -> assertThat(e.status()).isEqualTo(400));
    }

    @Test
    void truncatedDocumentIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"id\":1,\"name\":\"a\"", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 17: Unexpected end of JSON input");
    }

    @Test
    void unterminatedStringIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"name\":\"abc", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("JSON string was not closed with a double quote");
    }

    @Test
    void stringWhereNumberIsExpectedIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"id\":\"x\"}", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessageStartingWith("invalid JSON at byte 8: Character x is neither a decimal digit");
    }

    @Test
    void integralDecimalsAreIntegersAsJsonSchemaSays() {
        Item item = read(codec, "{\"id\":10021.0,\"name\":\"a.0\",\"price\":7.000,\"rating\":{\"score\":2.0,\"count\":1}}",
                Item.class);

        assertThat(item.id()).isEqualTo(10021L);
        assertThat(item.name()).isEqualTo("a.0");
        assertThat(item.price()).isEqualTo(7);
        assertThat(item.rating().score()).isEqualTo(2);
    }

    @Test
    void decimalWhereLongIsExpectedIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"id\":1.5}", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Expecting long, but found decimal value");
    }

    @Test
    void arrayWhereObjectIsExpectedIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"rating\":[]}", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 10: Expecting '{' for object start. Found [");
    }

    @Test
    void unknownEnumConstantIsBadRequestWithoutClassName() {
        assertThatThrownBy(() -> read(codec, "{\"category\":\"NOPE\"}", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 17: unknown enum constant 'NOPE'");
    }

    @Test
    void invalidInstantIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"at\":\"yesterday\"}", Event.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Expecting an ISO-8601 date-time");
    }

    @Test
    void missingMandatoryPropertyIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"customer\":\"c\"}", Order.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Property 'id' is mandatory but was not found in JSON");
    }

    @Test
    void nullForNonNullablePropertyIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"id\":1,\"customer\":null}", Order.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Property 'customer' is not allowed to be null");
    }

    @Test
    void missingPropertyWithoutAnnotationDecodesToItsDefault() {
        Item item = read(codec, "{\"id\":1}", Item.class);

        assertThat(item.name()).isNull();
        assertThat(item.price()).isZero();
    }

    @Test
    void valueRejectedByRecordConstructorIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"value\":-1}", Quantity.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 11: quantity must not be negative, got -1");
    }

    @Test
    void nullDocumentIsBadRequest() {
        assertThatThrownBy(() -> read(codec, " null", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 1: null where Item is expected");
    }

    @Test
    void emptyBodyIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("empty body: expected a JSON Item");
    }

    @Test
    void whitespaceOnlyBodyIsBadRequest() {
        assertThatThrownBy(() -> read(codec, " \n ", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessageContaining("Unexpected end of JSON input");
    }

    @Test
    void dataAfterTheValueIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"id\":1} {}", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 9: unexpected data after the value");
    }

    @Test
    void trailingWhitespaceIsAccepted() {
        assertThat(read(codec, "{\"id\":1} \r\n\t", Item.class).id()).isEqualTo(1);
    }

    @Test
    void nestingBeyondTheLimitInUnknownPropertyIsBadRequest() {
        assertThatThrownBy(() -> read(codec, "{\"x\":[[[[[[[[[1]]]]]]]]]}", Item.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 12: nested deeper than 8 levels");
    }

    @Test
    void nestingBeyondTheLimitInRecursiveTypeIsBadRequest() {
        String json = "{\"children\":[".repeat(5) + "]}".repeat(5);

        assertThatThrownBy(() -> read(codec, json, Node.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessageEndingWith("nested deeper than 8 levels");
    }

    @Test
    void nestingAtTheLimitIsAccepted() {
        String json = "{\"children\":[".repeat(4) + "]}".repeat(4);

        assertThat(read(codec, json, Node.class).children()).hasSize(1);
    }

    @Test
    void bracketsInsideStringsDoNotCountAsNesting() {
        String name = "[[[[[[[[[[{{{{{{{{{{\\\"[[[[[[[[[[";

        assertThat(read(codec, "{\"name\":\"" + name + "\"}", Item.class).name()).startsWith("[[[[");
    }

    @Test
    void deeplyNestedUntypedMapIsBadRequestNotStackOverflow() {
        ProntoJson lenient = ProntoJson.create(new TestJsonConfiguration());
        String json = "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000);

        assertThatThrownBy(() -> read(lenient, json, Map.class))
                .isInstanceOf(BadRequestException.class)
                .hasMessage("invalid JSON at byte 1280: nested deeper than 256 levels");
    }

    @Test
    void badRequestLeavesTheBodyUnreleasedAndUnread() {
        ByteBuf body = Unpooled.copiedBuffer(new byte[] {'{', 'x'});
        try {
            assertThatThrownBy(() -> codec.read(body, Item.class)).isInstanceOf(BadRequestException.class);
            assertThat(body.refCnt()).isEqualTo(1);
            assertThat(body.readerIndex()).isZero();
        } finally {
            body.release();
        }
    }
}
