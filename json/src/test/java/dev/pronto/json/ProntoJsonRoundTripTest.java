package dev.pronto.json;

import static dev.pronto.json.Bodies.read;
import static dev.pronto.json.Bodies.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.json.Bodies.TypeOf;
import dev.pronto.json.Shapes.Catalog;
import dev.pronto.json.Shapes.Category;
import dev.pronto.json.Shapes.Event;
import dev.pronto.json.Shapes.Item;
import dev.pronto.json.Shapes.Node;
import dev.pronto.json.Shapes.Rating;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProntoJsonRoundTripTest {
    private static final Item ITEM = new Item(1, "Alpha Widget", Category.ELECTRONICS, 328, true,
            List.of("sale", "heavy-duty"), new Rating(48, 53));

    private final ProntoJson codec = ProntoJson.create(new TestJsonConfiguration());

    @Test
    void recordIsWrittenWithEveryComponentInDeclarationOrder() {
        assertThat(write(codec, ITEM)).isEqualTo("{\"id\":1,\"name\":\"Alpha Widget\",\"category\":\"ELECTRONICS\","
                + "\"price\":328,\"active\":true,\"tags\":[\"sale\",\"heavy-duty\"],"
                + "\"rating\":{\"score\":48,\"count\":53}}");
    }

    @Test
    void recordWithNestedRecordEnumAndListRoundTrips() {
        assertThat(read(codec, write(codec, ITEM), Item.class)).isEqualTo(ITEM);
    }

    @Test
    void nestedListsOfRecordsAndMapsRoundTrip() {
        Map<String, Integer> stock = new LinkedHashMap<>();
        stock.put("a", 3);
        stock.put("b", 0);
        Catalog catalog = new Catalog(stock, List.of(ITEM, ITEM));

        assertThat(read(codec, write(codec, catalog), Catalog.class)).isEqualTo(catalog);
    }

    @Test
    void recursiveRecordRoundTrips() {
        Node tree = new Node("root", List.of(new Node("leaf", List.of())));

        assertThat(read(codec, write(codec, tree), Node.class)).isEqualTo(tree);
    }

    @Test
    void longBeyondIntRangeRoundTrips() {
        Item item = new Item(Long.MAX_VALUE, "big", null, 0, false, List.of(), null);

        assertThat(read(codec, write(codec, item), Item.class).id()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void presentOptionalIsWrittenAsItsValue() {
        Event event = new Event("deploy", Instant.EPOCH, Optional.of("green"), 7);

        assertThat(write(codec, event)).contains("\"note\":\"green\"");
        assertThat(read(codec, write(codec, event), Event.class)).isEqualTo(event);
    }

    @Test
    void emptyOptionalIsWrittenAsNullAndReadBackEmpty() {
        Event event = new Event("deploy", Instant.EPOCH, Optional.empty(), 7);

        assertThat(write(codec, event)).contains("\"note\":null");
        assertThat(read(codec, write(codec, event), Event.class)).isEqualTo(event);
    }

    @Test
    void missingOptionalPropertyIsReadAsEmpty() {
        assertThat(read(codec, "{\"name\":\"deploy\"}", Event.class).note()).isEmpty();
    }

    @Test
    void instantIsWrittenAsUtcIsoString() {
        Event event = new Event("deploy", Instant.parse("2024-05-01T10:15:30.250Z"), Optional.empty(), 1);

        assertThat(write(codec, event)).contains("\"at\":\"2024-05-01T10:15:30.25Z\"");
        assertThat(read(codec, write(codec, event), Event.class)).isEqualTo(event);
    }

    @Test
    void instantWithOffsetIsReadAsTheSameMoment() {
        Event event = read(codec, "{\"at\":\"2024-05-01T12:15:30+02:00\"}", Event.class);

        assertThat(event.at()).isEqualTo(Instant.parse("2024-05-01T10:15:30Z"));
    }

    @Test
    void topLevelInstantRoundTrips() {
        Instant now = Instant.parse("2030-01-02T03:04:05.000006Z");

        assertThat(read(codec, write(codec, now), Instant.class)).isEqualTo(now);
    }

    @Test
    void unknownPropertiesAreSkipped() {
        String json = "{\"id\":5,\"extra\":{\"deep\":[1,[2,{\"x\":null}]]},\"name\":\"n\"}";

        assertThat(read(codec, json, Item.class)).extracting(Item::id, Item::name).containsExactly(5L, "n");
    }

    @Test
    void topLevelListOfRecordsIsWrittenAsArray() {
        assertThat(write(codec, List.of(new Rating(1, 2), new Rating(3, 4))))
                .isEqualTo("[{\"score\":1,\"count\":2},{\"score\":3,\"count\":4}]");
    }

    @Test
    void topLevelArrayWithNullElementIsWrittenAsArray() {
        assertThat(write(codec, new Rating[] {new Rating(1, 2), null})).isEqualTo("[{\"score\":1,\"count\":2},null]");
    }

    @Test
    void topLevelSetIsWrittenAsArray() {
        assertThat(write(codec, Set.of("only"))).isEqualTo("[\"only\"]");
    }

    @Test
    void genericListOfRecordsIsRead() {
        String json = "[{\"score\":1,\"count\":2},{\"score\":3,\"count\":4}]";

        Object items = read(codec, json, new TypeOf<List<Rating>>() {}.type());

        assertThat(items).isEqualTo(List.of(new Rating(1, 2), new Rating(3, 4)));
    }

    @Test
    void genericMapOfRecordsRoundTrips() {
        Map<String, Rating> ratings = Map.of("a", new Rating(1, 2));

        assertThat(read(codec, write(codec, ratings), new TypeOf<Map<String, Rating>>() {}.type())).isEqualTo(ratings);
    }

    @Test
    void genericSetOfEnumsIsRead() {
        Object categories = read(codec, "[\"TOOLS\",\"GARDEN\"]", new TypeOf<Set<Category>>() {}.type());

        assertThat(categories).isEqualTo(Set.of(Category.TOOLS, Category.GARDEN));
    }

    @Test
    void untypedMapIsReadAsNestedMapsAndLists() {
        Map<?, ?> map = read(codec, "{\"a\":[1,{\"b\":null}],\"c\":true}", Map.class);

        assertThat(map.get("c")).isEqualTo(true);
        assertThat(write(codec, map)).isEqualTo("{\"a\":[1,{\"b\":null}],\"c\":true}");
    }

    @Test
    void stringsWithEscapesAndUnicodeRoundTrip() {
        String text = "quote \" backslash \\ newline \n tab \t é 漢字 😀";

        assertThat(read(codec, write(codec, text), String.class)).isEqualTo(text);
    }
}
