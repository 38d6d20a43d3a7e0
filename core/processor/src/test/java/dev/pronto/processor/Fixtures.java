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

    /** A controller without a prefix that exercises every parameter source, type and result. */
    static final String KITCHEN = """
            package app;

            import dev.pronto.core.Request;
            import dev.pronto.core.Response;
            import dev.pronto.core.annotation.*;
            import io.netty.buffer.ByteBuf;
            import java.util.List;
            import java.util.Optional;
            import java.util.UUID;
            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.CompletionStage;

            public final class Kitchen {
                public enum Color { RED, GREEN }

                @Get("/")
                String root() {
                    return "root";
                }

                @Get("/uuid/{id}")
                String uuid(@PathParam UUID id) {
                    return id.toString();
                }

                @Get("/color/{c}")
                String color(@PathParam("c") Color color, @Query Optional<Color> other) {
                    return color + "/" + other.map(Color::name).orElse("-");
                }

                @Get("/numbers")
                String numbers(@Query int i, @Query Long l, @Query double d, @Query boolean b, @Query char c,
                        @Query short s, @Query byte y, @Query Float f) {
                    return i + " " + l + " " + d + " " + b + " " + c + " " + s + " " + y + " " + f;
                }

                @Get("/tags")
                String tags(@Query List<String> tag, @Query("n") List<Integer> numbers) {
                    return tag + " " + numbers;
                }

                @Get("/headers")
                String headers(@Header("X-Id") UUID id, @Header("X-Tag") List<String> tags,
                        @Header("X-Opt") Optional<String> opt, @Cookie String session) {
                    return id + " " + tags + " " + opt.orElse("-") + " " + session;
                }

                @Get("/files/{*path}")
                String files(@PathParam String path) {
                    return path;
                }

                @Post("/echo/text")
                String text(@Body String body) {
                    return body.toUpperCase();
                }

                @Put("/echo/bytes")
                byte[] bytes(@Body byte[] body) {
                    return new StringBuilder(new String(body)).reverse().toString().getBytes();
                }

                @Patch("/echo/buffer")
                ByteBuf buffer(@Body ByteBuf body) {
                    return body.retainedDuplicate();
                }

                @Get("/self")
                void self(Request req, Response res) {
                    res.header("X-Path", req.path()).send("self");
                }

                @Post("/fire")
                void fire() {
                }

                @Post("/accept")
                @Status(202)
                void accept() {
                }

                @Head("/probe")
                void probe(Response res) {
                    res.header("X-Probe", "yes").send();
                }

                @Options("/probe")
                void probeOptions(Response res) {
                    res.header("Allow", "HEAD, OPTIONS").send();
                }

                @Get("/later")
                CompletionStage<String> later() {
                    return CompletableFuture.supplyAsync(() -> "later");
                }

                @Get("/static")
                static String fixed() {
                    return "static";
                }

                @Get("/twice")
                @Post("/twice")
                String twice(Request req) {
                    return req.method().toString();
                }
            }
            """;

    /** The exact source the processor writes for {@link #USERS}. */
    static final String USERS_ROUTES = """
            package app;

            import dev.pronto.core.Request;
            import dev.pronto.core.Response;
            import dev.pronto.core.RouteDoc;
            import dev.pronto.core.RouteOptions;
            import dev.pronto.core.Routes;
            import dev.pronto.core.annotation.Params;
            import java.util.Objects;
            import java.util.function.Consumer;
            import javax.annotation.processing.Generated;

            /**
             * The routes of {@link Users}, generated by pronto-processor from its annotations.
             * Register them with {@code Server.builder().routes(new Users$Routes(controller))}.
             */
            @Generated("dev.pronto.processor.RoutesProcessor")
            public final class Users$Routes implements Consumer<Routes> {
                private final Users controller;

                /**
                 * Creates the routes of {@code controller}, whose methods handle every request they match.
                 *
                 * @param controller the controller instance
                 */
                public Users$Routes(Users controller) {
                    this.controller = Objects.requireNonNull(controller, "controller");
                }

                /** Registers every route of the controller on {@code routes}. */
                @Override
                public void accept(Routes routes) {
                    routes.route(dev.pronto.router.Method.GET, "/users/{id}", RouteOptions.defaults().doc(RouteDoc.operation("Users.byId")), this::byId);
                    routes.route(dev.pronto.router.Method.POST, "/users", RouteOptions.defaults().doc(RouteDoc.operation("Users.create")), this::create);
                    routes.route(dev.pronto.router.Method.GET, "/users/search", RouteOptions.defaults().doc(RouteDoc.operation("Users.search")), this::search);
                    routes.route(dev.pronto.router.Method.GET, "/users/{id}/avatar", RouteOptions.blocking().doc(RouteDoc.operation("Users.avatar")), this::avatar);
                    routes.route(dev.pronto.router.Method.DELETE, "/users/{id}", RouteOptions.defaults().doc(RouteDoc.operation("Users.delete")), this::delete);
                }

                /** {@code GET /users/{id}}: {@link Users#byId}. */
                private void byId(Request req, Response res) throws Exception {
                    Params.acceptsJson(req);
                    res.json(controller.byId(Params.longValue(req.param("id"), "id", Params.PATH)));
                }

                /** {@code POST /users}: {@link Users#create}. */
                private void create(Request req, Response res) throws Exception {
                    Params.acceptsJson(req);
                    res.status(201);
                    res.json(controller.create(Params.jsonBody(req, app.Users.NewUser.class)));
                }

                /** {@code GET /users/search}: {@link Users#search}. */
                private void search(Request req, Response res) throws Exception {
                    Params.acceptsJson(req);
                    res.json(controller.search(
                            Params.string(req.query("q"), "q", Params.QUERY),
                            Params.optional(req.query("limit"), "limit", Params.QUERY, Params::intValue)));
                }

                /** {@code GET /users/{id}/avatar}: {@link Users#avatar}. */
                private void avatar(Request req, Response res) throws Exception {
                    res.send(controller.avatar(Params.longValue(req.param("id"), "id", Params.PATH)));
                }

                /** {@code DELETE /users/{id}}: {@link Users#delete}. */
                private void delete(Request req, Response res) throws Exception {
                    res.send(controller.delete(Params.longValue(req.param("id"), "id", Params.PATH), res));
                }
            }
            """;

    private Fixtures() {
    }
}
