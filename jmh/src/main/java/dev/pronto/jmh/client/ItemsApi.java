package dev.pronto.jmh.client;

import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.PathParam;
import dev.pronto.jmh.json.Arena;
import java.util.concurrent.CompletionStage;

/** The arena's item read as a contract: pronto-processor generates {@code ItemsApi$Client} for the benchmark. */
@Path("/crud/items")
public interface ItemsApi {
    /** One item. */
    @Get("/{id}")
    CompletionStage<Arena.Item> byId(@PathParam long id);
}
