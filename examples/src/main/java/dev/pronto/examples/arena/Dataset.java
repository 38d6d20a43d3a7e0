package dev.pronto.examples.arena;

import dev.pronto.json.ProntoJson;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/** The 50 items of {@code dataset.json}, or a generated set of the same shape when it is absent. */
final class Dataset {
    static final String[] CATEGORIES = {"electronics", "tools", "books", "clothing", "sports", "toys", "home",
        "garden", "office", "auto"};
    static final String[] TAGS = {"compact", "eco", "fast", "heavy-duty", "limited", "new", "popular", "premium",
        "sale", "wireless"};
    private static final String[] ADJECTIVES = {"Alpha", "Pro", "Core", "Ultra", "Smart", "Eco", "Max", "Nano",
        "Prime", "Turbo"};
    private static final String[] NOUNS = {"Widget", "Valve", "Relay", "Gadget", "Sensor"};

    private Dataset() {
    }

    /**
     * {@link #load} on first call, then the same list: the first {@code /json} request pays for reading the file
     * and for DSL-JSON's set-up, not the start. A file that exists but cannot be read or parsed fails that
     * request (500) and is tried again on the next.
     */
    static Supplier<List<Model.Item>> lazy(Path file, ProntoJson json) {
        return new Supplier<>() {
            private volatile List<Model.Item> items;

            @Override
            public List<Model.Item> get() {
                List<Model.Item> read = items;
                if (read == null) {
                    synchronized (this) {
                        if (items == null) {
                            try {
                                items = load(file, json);
                            } catch (IOException e) {
                                throw new UncheckedIOException("cannot read " + file, e);
                            }
                        }
                        read = items;
                    }
                }
                return read;
            }
        };
    }

    /** Reads {@code file} when it exists, else generates 50 deterministic items. */
    static List<Model.Item> load(Path file, ProntoJson json) throws IOException {
        if (Files.isRegularFile(file)) {
            // dataset.json is a bare array: read it as the single field of a wrapper record
            byte[] wrapped = ("{\"items\":" + Files.readString(file) + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            return List.copyOf(json.read(Unpooled.wrappedBuffer(wrapped), Model.DatasetFile.class).items());
        }
        return generate();
    }

    static List<Model.Item> generate() {
        SplittableRandom random = new SplittableRandom(42);
        List<Model.Item> items = new ArrayList<>(50);
        for (int i = 1; i <= 50; i++) {
            List<String> tags = new ArrayList<>();
            for (int t = 0, n = 1 + random.nextInt(4); t < n; t++) {
                String tag = TAGS[random.nextInt(TAGS.length)];
                if (!tags.contains(tag)) {
                    tags.add(tag);
                }
            }
            items.add(new Model.Item(i, ADJECTIVES[(i - 1) % 10] + " " + NOUNS[(i - 1) / 10],
                    CATEGORIES[(i - 1) % 10], 2 + random.nextInt(495), 4 + random.nextInt(94),
                    random.nextInt(10) < 8, List.copyOf(tags),
                    new Model.Rating(1 + random.nextInt(50), 1 + random.nextInt(500))));
        }
        return List.copyOf(items);
    }
}
