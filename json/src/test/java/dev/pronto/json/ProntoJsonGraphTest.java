package dev.pronto.json;

import static dev.pronto.json.Bodies.read;
import static dev.pronto.json.Bodies.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dslplatform.json.Configuration;
import dev.pronto.json.Graph.Item;
import dev.pronto.json.Graph.Page;
import dev.pronto.json.Graph.Shelf;
import dev.pronto.json.Graph.Status;
import dev.pronto.json.Graph.Store;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** Records holding records encode and decode whatever order their converters were registered in. */
class ProntoJsonGraphTest {
    private static final Item ITEM = new Item(1, "pen", Status.NEW);
    private static final String ITEM_JSON = "{\"id\":1,\"name\":\"pen\",\"status\":\"NEW\"}";

    /** Holders first (the order that broke), leaves first, and the processor's own order. */
    static Stream<Configuration> orders() {
        Configuration holdersFirst = dsl -> {
            new _Graph$Store_DslJsonConverter().configure(dsl);
            new _Graph$Shelf_DslJsonConverter().configure(dsl);
            new _Graph$Page_DslJsonConverter().configure(dsl);
            new _Graph$Item_DslJsonConverter().configure(dsl);
            new _Graph$Status_DslJsonConverter().configure(dsl);
        };
        Configuration leavesFirst = dsl -> {
            new _Graph$Status_DslJsonConverter().configure(dsl);
            new _Graph$Item_DslJsonConverter().configure(dsl);
            new _Graph$Page_DslJsonConverter().configure(dsl);
            new _Graph$Shelf_DslJsonConverter().configure(dsl);
            new _Graph$Store_DslJsonConverter().configure(dsl);
        };
        return Stream.of(holdersFirst, leavesFirst, new TestJsonConfiguration());
    }

    @ParameterizedTest
    @MethodSource("orders")
    void listOfRecords(Configuration order) {
        ProntoJson codec = ProntoJson.create(order);
        String json = "{\"items\":[" + ITEM_JSON + "],\"count\":1}";

        assertThat(write(codec, new Page(List.of(ITEM), 1))).isEqualTo(json);
        assertThat(read(codec, json, Page.class)).isEqualTo(new Page(List.of(ITEM), 1));
    }

    @ParameterizedTest
    @MethodSource("orders")
    void recordOptionalMapSetArrayAndEnumList(Configuration order) {
        ProntoJson codec = ProntoJson.create(order);
        Shelf shelf = new Shelf(ITEM, Optional.of(ITEM), Map.of("pen", ITEM), Set.of(ITEM), new Item[] {ITEM},
                List.of(Status.SOLD));
        String json = "{\"first\":" + ITEM_JSON + ",\"featured\":" + ITEM_JSON + ",\"byName\":{\"pen\":" + ITEM_JSON
                + "},\"unique\":[" + ITEM_JSON + "],\"row\":[" + ITEM_JSON + "],\"statuses\":[\"SOLD\"]}";

        assertThat(write(codec, shelf)).isEqualTo(json);
        Shelf back = read(codec, json, Shelf.class);
        assertThat(back.first()).isEqualTo(ITEM);
        assertThat(back.featured()).contains(ITEM);
        assertThat(back.byName()).containsExactly(Map.entry("pen", ITEM));
        assertThat(back.unique()).containsExactly(ITEM);
        assertThat(back.row()).containsExactly(ITEM);
        assertThat(back.statuses()).containsExactly(Status.SOLD);
    }

    @ParameterizedTest
    @MethodSource("orders")
    void threeLevels(Configuration order) {
        ProntoJson codec = ProntoJson.create(order);
        Store store = new Store("main", List.of(new Page(List.of(ITEM), 1)), Map.of());
        String json = "{\"name\":\"main\",\"pages\":[{\"items\":[" + ITEM_JSON + "],\"count\":1}],\"shelves\":{}}";

        assertThat(write(codec, store)).isEqualTo(json);
        assertThat(read(codec, json, Store.class)).isEqualTo(store);
    }

    @Test
    void aHeldTypeWithoutConverterFailsTheCodecNamingIt() {
        // What a generated converter does for a property whose type has no converter of its own.
        ProntoJson codec = ProntoJson.create(dsl -> dsl.tryFindWriter(Shapes.Unregistered.class));

        assertThatThrownBy(() -> codec.verify(Page.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("A generated JSON converter refers to dev.pronto.json.Shapes$Unregistered"
                        + " (encoder), which has none: annotate the type");
    }
}
