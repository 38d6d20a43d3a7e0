package dev.pronto.examples.feature;

import dev.pronto.core.FileUpload;
import dev.pronto.core.NotFoundException;
import dev.pronto.core.annotation.Body;
import dev.pronto.core.annotation.Delete;
import dev.pronto.core.annotation.FilePart;
import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Header;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.PathParam;
import dev.pronto.core.annotation.Post;
import dev.pronto.core.annotation.Put;
import dev.pronto.core.annotation.Query;
import dev.pronto.core.annotation.Status;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Optional;
import java.util.UUID;

/** Widgets: create, read, list, update, delete, and attach a file; a missing widget is a 404 problem. */
@Path("/widgets")
final class Widgets {
    private final WidgetStore store;

    Widgets(WidgetStore store) {
        this.store = store;
    }

    /** Lists widgets, oldest first, of one colour or all; {@code limit} defaults to 20. */
    @Get
    Widget.Page list(@Query Optional<Widget.Color> color, @Query @Min(0) @Max(10_000) Optional<Integer> offset,
                     @Query @Min(1) @Max(100) Optional<Integer> limit) {
        return store.page(color.orElse(null), offset.orElse(0), limit.orElse(20));
    }

    /** One widget. */
    @Get("/{id}")
    Widget byId(@PathParam UUID id) {
        return found(store.get(id), id);
    }

    /** Stores a new widget for the tenant named by {@code X-Tenant}, under an id the server chooses. */
    @Post
    @Status(201)
    Widget create(@Header("X-Tenant") @Size(min = 1, max = 40) @Pattern(regexp = "[a-z0-9-]+") String tenant,
                  @Body Widget.New widget) {
        Widget stored = stored(UUID.randomUUID(), tenant, widget);
        store.put(stored);
        return stored;
    }

    /** Replaces a widget's fields. */
    @Put("/{id}")
    Widget update(@PathParam UUID id,
                  @Header("X-Tenant") @Size(min = 1, max = 40) @Pattern(regexp = "[a-z0-9-]+") String tenant,
                  @Body Widget.New widget) {
        Widget stored = stored(id, tenant, widget);
        if (!store.replace(stored)) {
            throw notFound(id);
        }
        return stored;
    }

    /** Deletes a widget. */
    @Delete("/{id}")
    void delete(@PathParam UUID id) {
        if (!store.remove(id)) {
            throw notFound(id);
        }
    }

    /** Attaches a file (a multipart part named {@code file}, with a filename) to a widget. */
    @Post("/{id}/attachments")
    @Status(201)
    Widget.Attachment attach(@PathParam UUID id, @FilePart("file") FileUpload file) {
        found(store.get(id), id);
        return new Widget.Attachment(id, file.filename(), file.size());
    }

    private static Widget stored(UUID id, String tenant, Widget.New w) {
        return new Widget(id, tenant, w.name(), w.color(), w.finish(), w.priceCents(), w.tags(), w.accents(),
                w.stock(), w.released());
    }

    private static Widget found(Widget widget, UUID id) {
        if (widget == null) {
            throw notFound(id);
        }
        return widget;
    }

    private static NotFoundException notFound(UUID id) {
        return new NotFoundException("widget " + id + " not found");
    }
}
