package dev.pronto.jmh.processor;

import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.PathParam;
import dev.pronto.core.annotation.Query;

/** The annotated controller of {@link GeneratedRouteBenchmark}; the processor writes {@code Users$Routes}. */
@Path("/users")
public final class Users {
    /** Creates the controller. */
    public Users() {
    }

    /**
     * The page of a user: a path parameter and a query parameter converted to primitives.
     *
     * @param id the user id
     * @param limit how many items to show
     * @return a short text
     */
    @Get("/{id}")
    public String byId(@PathParam long id, @Query int limit) {
        return id + 1 > limit ? "many" : "few";
    }
}
