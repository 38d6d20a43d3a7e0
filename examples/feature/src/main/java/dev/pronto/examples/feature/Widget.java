package dev.pronto.examples.feature;

import com.dslplatform.json.CompiledJson;
import com.dslplatform.json.JsonAttribute;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A stored widget, the answer of every widget route: the fields of its {@link New} body, plus the id the server
 * gave it and the tenant that wrote it last.
 *
 * @param id the widget's id, chosen by the server
 * @param tenant the {@code X-Tenant} of the last create or update
 * @param name its name
 * @param color its colour
 * @param finish its finish, null when none was given
 * @param priceCents its price in cents
 * @param tags its tags
 * @param accents its accent colours, no duplicates
 * @param stock units in stock per warehouse
 * @param released the day it was released, null when unknown
 */
@CompiledJson
public record Widget(UUID id, String tenant, String name, Color color, Finish finish, int priceCents,
                     List<String> tags, Set<Color> accents, Map<String, Integer> stock, LocalDate released) {

    /** A widget's colour. */
    public enum Color { RED, GREEN, BLUE }

    /** A widget's surface finish; optional. */
    public enum Finish { MATTE, GLOSS }

    /**
     * The body of a create or an update.
     *
     * @param name required, 1 to 100 characters, not blank
     * @param color required
     * @param finish optional
     * @param priceCents required, 0 to 1,000,000
     * @param tags optional, at most 10
     * @param accents optional; duplicates collapse
     * @param stock optional, at most 10 warehouses
     * @param released optional
     */
    @CompiledJson
    public record New(@NotBlank @Size(max = 100) String name,
                      @NotNull Color color,
                      Finish finish,
                      @JsonAttribute(mandatory = true) @PositiveOrZero @Max(1_000_000) int priceCents,
                      @Size(max = 10) List<String> tags,
                      Set<Color> accents,
                      @Size(max = 10) Map<String, Integer> stock,
                      LocalDate released) {
    }

    /**
     * A page of widgets.
     *
     * @param items the widgets of the page, oldest first
     * @param total how many widgets match
     */
    @CompiledJson
    public record Page(List<Widget> items, int total) {
    }

    /**
     * What an upload stored.
     *
     * @param widget the widget it belongs to
     * @param filename the file's name as sent
     * @param size its size in bytes
     */
    @CompiledJson
    public record Attachment(UUID widget, String filename, long size) {
    }

    /**
     * The admin view of the store.
     *
     * @param widgets how many widgets are stored
     * @param byColor how many of each colour
     */
    @CompiledJson
    public record Stats(int widgets, Map<String, Integer> byColor) {
    }
}
