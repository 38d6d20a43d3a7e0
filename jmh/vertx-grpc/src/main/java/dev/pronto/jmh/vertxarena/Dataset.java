package dev.pronto.jmh.vertxarena;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.Json;
import java.nio.file.Path;
import java.util.List;

/**
 * The 50 items of {@code dataset.json}, read and parsed by the first request that needs them, as the arena
 * app does (its start does not pay for the file or the JSON mapper). A failed read fails that request and is
 * tried again by the next.
 */
final class Dataset {
    private final Vertx vertx;
    private final String file;
    private volatile Future<List<Model.Item>> items;

    Dataset(Vertx vertx, Path file) {
        this.vertx = vertx;
        this.file = file.toString();
    }

    /** The items, from memory after the first successful read. */
    Future<List<Model.Item>> items() {
        Future<List<Model.Item>> read = items;
        if (read == null) {
            synchronized (this) {
                if (items == null) {
                    Future<List<Model.Item>> loading = vertx.fileSystem().readFile(file)
                            .map(bytes -> List.of(Json.decodeValue(bytes, Model.Item[].class)));
                    items = loading;
                    // after the assignment: a read that already failed must not stay cached
                    loading.onFailure(e -> items = null);
                }
                read = items;
            }
        }
        return read;
    }
}
