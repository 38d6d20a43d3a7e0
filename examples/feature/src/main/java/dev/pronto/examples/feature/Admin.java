package dev.pronto.examples.feature;

import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.RolesAllowed;

/** What only an admin sees; registered inside {@code group("/api")}, whose Basic authenticator names the caller. */
@Path("/admin")
final class Admin {
    private final WidgetStore store;

    Admin(WidgetStore store) {
        this.store = store;
    }

    /** How many widgets are stored, in all and of each colour. */
    @Get("/stats")
    @RolesAllowed("admin")
    Widget.Stats stats() {
        return store.stats();
    }
}
