package dev.pronto.auth;

import dev.pronto.core.Request;
import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.RolesAllowed;

/** An annotated controller whose routes need roles; the processor generates {@code AdminController$Routes}. */
@Path("/admin")
@RolesAllowed("admin")
final class AdminController {
    @Get("/whoami")
    String whoami(Request req) {
        return Auth.principal(req).name();
    }

    @Get("/audit")
    @RolesAllowed("auditor")
    String audit() {
        return "audit";
    }
}
