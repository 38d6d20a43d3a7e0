package dev.pronto.examples.arena;

import dev.pronto.core.annotation.Body;
import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.PathParam;
import dev.pronto.core.annotation.Post;
import dev.pronto.core.annotation.Put;
import dev.pronto.core.annotation.Query;
import dev.pronto.core.annotation.Status;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The contract of {@link CrudController}, the same annotations on an interface: pronto-processor
 * generates {@code CrudApi$Client}, which calls the arena's {@code /crud/items} routes through
 * {@code HttpClient}. (The controller's {@code byId} takes a {@code Response} for its cache
 * header, so the controller does not implement this interface.)
 */
@Path("/crud/items")
interface CrudApi {
    /** A page of items of {@code category} (default electronics), {@code limit} (1..50, default 10) a page. */
    @Get
    CompletionStage<Model.Page> list(@Query Optional<String> category, @Query Optional<Integer> page,
                                     @Query Optional<Integer> limit);

    /** One item; a missing one fails with a 404 {@code ProblemException}. */
    @Get("/{id}")
    CompletionStage<Model.Item> byId(@PathParam long id);

    /** {@link #byId} waiting for the answer, for virtual threads. */
    @Get("/{id}")
    Model.Item item(@PathParam long id);

    /** Creates or replaces an item; an invalid one fails with a 400 {@code ProblemException} listing the fields. */
    @Post
    @Status(201)
    CompletionStage<Model.NewItem> create(@Body Model.NewItem item);

    /** Updates an item's name, price and quantity. */
    @Put("/{id}")
    CompletionStage<Model.NewItem> update(@PathParam long id, @Body Model.ItemUpdate in);
}
