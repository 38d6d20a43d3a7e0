package dev.pronto.processor;

/** Controller sources compiled by the tests. */
final class Fixtures {
    /** The controller of the issue: JSON records, a body, optional query, blocking and async routes. */
    static final String USERS = """
            package app;

            import com.dslplatform.json.CompiledJson;
            import dev.pronto.core.Response;
            import dev.pronto.core.annotation.*;
            import java.util.List;
            import java.util.Optional;
            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.CompletionStage;

            @Path("/users")
            public final class Users {
                @CompiledJson
                public record User(long id, String name) {
                }

                @CompiledJson
                public record NewUser(String name) {
                }

                @Get("/{id}")
                User byId(@PathParam long id) {
                    return new User(id, "user" + id);
                }

                @Post("/")
                @Status(201)
                User create(@Body NewUser body) {
                    return new User(7, body.name());
                }

                @Get("/search")
                List<User> search(@Query String q, @Query Optional<Integer> limit) {
                    return List.of(new User(limit.orElse(-1), q));
                }

                @Get("/{id}/avatar")
                @Blocking
                byte[] avatar(@PathParam long id) {
                    return (Thread.currentThread().isVirtual() ? "virtual " : "event loop ").concat("" + id).getBytes();
                }

                @Delete("/{id}")
                CompletionStage<Void> delete(@PathParam long id, Response res) {
                    res.status(id == 1 ? 204 : 404);
                    return CompletableFuture.completedFuture(null);
                }
            }
            """;

    private Fixtures() {
    }
}
