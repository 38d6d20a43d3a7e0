package dev.pronto.examples.feature;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The widgets, in memory, oldest first. Bounded: past {@link #CAPACITY} the oldest widget goes, so a client that
 * creates without end (a fuzzer) cannot grow the heap. Thread-safe (every method holds the lock).
 */
final class WidgetStore {
    /** The most widgets kept. */
    static final int CAPACITY = 10_000;

    private final Map<UUID, Widget> widgets = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, Widget> eldest) {
            return size() > CAPACITY;
        }
    };

    synchronized Widget get(UUID id) {
        return widgets.get(id);
    }

    synchronized void put(Widget widget) {
        widgets.put(widget.id(), widget);
    }

    /** Replaces a stored widget; false when there is none of that id. */
    synchronized boolean replace(Widget widget) {
        return widgets.replace(widget.id(), widget) != null;
    }

    synchronized boolean remove(UUID id) {
        return widgets.remove(id) != null;
    }

    /** Up to {@code limit} widgets of {@code color} (any when null) after the first {@code offset}, and their total. */
    synchronized Widget.Page page(Widget.Color color, int offset, int limit) {
        List<Widget> items = new ArrayList<>(Math.min(limit, widgets.size()));
        int total = 0;
        for (Widget w : widgets.values()) {
            if (color == null || w.color() == color) {
                if (total >= offset && items.size() < limit) {
                    items.add(w);
                }
                total++;
            }
        }
        return new Widget.Page(items, total);
    }

    synchronized Widget.Stats stats() {
        Map<Widget.Color, Integer> counts = new EnumMap<>(Widget.Color.class);
        for (Widget w : widgets.values()) {
            counts.merge(w.color(), 1, Integer::sum);
        }
        Map<String, Integer> byColor = new LinkedHashMap<>();
        for (Widget.Color c : Widget.Color.values()) {
            byColor.put(c.name(), counts.getOrDefault(c, 0));
        }
        return new Widget.Stats(widgets.size(), byColor);
    }
}
