/**
 * Annotated routes, turned into ordinary route registrations at compile time by
 * {@code pronto-processor}: no reflection, no class path scanning, no proxies at run time.
 *
 * <pre>{@code
 * @Path("/users")
 * final class Users {
 *     @Get("/{id}") User byId(@PathParam long id) { ... }
 *     @Post @Status(201) User create(@Body NewUser body) { ... }
 * }
 * Server.builder().routes(new Users$Routes(new Users()))
 * }</pre>
 *
 * <p><b>Generated code.</b> For each controller class the processor writes
 * {@code <Controller>$Routes} (nested classes: {@code Outer$Inner$Routes}) in the same package, a
 * {@code Consumer<Routes>} whose constructor takes the controller instance. Each route calls the
 * method with converted arguments. The annotations are retained in class files only.
 *
 * <p><b>Paths.</b> The route is the class {@link dev.pronto.core.annotation.Path} prefix joined
 * with the method path, without a trailing slash on the prefix: {@code @Path("/users")} with
 * {@code @Get("/{id}")} is {@code /users/{id}}, and an empty or {@code "/"} method path is the
 * prefix itself, {@code /users} (or {@code /} without a prefix).
 *
 * <p><b>Parameters.</b> Each parameter carries one of {@link dev.pronto.core.annotation.PathParam},
 * {@link dev.pronto.core.annotation.Query}, {@link dev.pronto.core.annotation.Header},
 * {@link dev.pronto.core.annotation.Cookie} or {@link dev.pronto.core.annotation.Body}, or has type
 * {@code Request} or {@code Response}. Path, query, header and cookie values convert to
 * {@code String}, the primitives and their boxes, {@code UUID} and enums (by constant name). Such a
 * value is required (absent is a 400) unless declared {@code Optional<T>}; query and header values
 * may be {@code List<T>} (every value, empty when absent). Conversion goes through {@link
 * dev.pronto.core.annotation.Params}, whose 400 messages name the parameter.
 *
 * <p><b>Return values.</b> {@code String} (any {@code CharSequence}) is sent as text, {@code byte[]}
 * and {@code ByteBuf} as bytes, {@code CompletionStage<T>} when it completes (see
 * {@code Response.send(CompletionStage)}), and any other type as JSON through the server's codec. A
 * {@code void} method that takes the {@code Response} sends the response itself; a {@code void}
 * method without it answers 204 No Content (or its {@link dev.pronto.core.annotation.Status}).
 * A method must not return null, except as the value of a {@code CompletionStage}.
 */
package dev.pronto.core.annotation;
