package dev.pronto.examples.feature;

import dev.pronto.client.http.FormBody;
import dev.pronto.core.annotation.Body;
import dev.pronto.core.annotation.Delete;
import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Header;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.PathParam;
import dev.pronto.core.annotation.Post;
import dev.pronto.core.annotation.Put;
import dev.pronto.core.annotation.Query;
import dev.pronto.core.annotation.Status;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The contract of {@link Widgets} for callers: pronto-processor generates {@code WidgetsApi$Client}. A missing
 * widget fails with a 404 {@code ProblemException}, invalid input with a 400 one listing the fields.
 */
@Path("/widgets")
public interface WidgetsApi {
    /** Widgets of one colour or all, after {@code offset}, {@code limit} (1..100, default 20) a page. */
    @Get
    CompletionStage<Widget.Page> list(@Query Optional<Widget.Color> color, @Query Optional<Integer> offset,
                                      @Query Optional<Integer> limit);

    /** One widget. */
    @Get("/{id}")
    CompletionStage<Widget> byId(@PathParam UUID id);

    /** Stores a new widget for {@code tenant}. */
    @Post
    @Status(201)
    CompletionStage<Widget> create(@Header("X-Tenant") String tenant, @Body Widget.New widget);

    /** Replaces a widget's fields. */
    @Put("/{id}")
    CompletionStage<Widget> update(@PathParam UUID id, @Header("X-Tenant") String tenant, @Body Widget.New widget);

    /** Deletes a widget. */
    @Delete("/{id}")
    CompletionStage<Void> delete(@PathParam UUID id);

    /** Attaches the file of {@code form}'s {@code file} part to a widget. */
    @Post("/{id}/attachments")
    @Status(201)
    CompletionStage<Widget.Attachment> attach(@PathParam UUID id, @Body FormBody form);
}
