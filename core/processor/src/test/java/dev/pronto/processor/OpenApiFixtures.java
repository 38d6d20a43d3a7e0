package dev.pronto.processor;

/** Controllers for the OpenAPI tests. */
final class OpenApiFixtures {
    /** Parameters of every source, and a plain-text result. */
    static final String PARAMS = """
            package app;

            import dev.pronto.core.annotation.*;
            import java.util.List;
            import java.util.Optional;

            public final class Search {
                public enum Sort { NAME, PRICE }

                @Get("/shops/{shop}/items")
                String find(@PathParam long shop, @Query Optional<Integer> limit, @Query List<String> tag,
                        @Query Sort sort, @Header("X-Tenant") String tenant, @Cookie Optional<String> session) {
                    return "";
                }
            }
            """;

    /** A JSON body of nested records, lists, maps, enums and instants, answered with {@code @Status(201)}. */
    static final String ORDERS = """
            package app;

            import dev.pronto.core.annotation.*;
            import java.time.Instant;
            import java.util.List;
            import java.util.Map;
            import java.util.Optional;
            import java.util.concurrent.CompletionStage;

            /**
             * Orders of the shop.
             * @see Object
             */
            @Path("/orders")
            public final class Orders {
                public enum State { OPEN, PAID }

                /** One line of an order. */
                public record Line(String sku, int quantity) {
                }

                public record Order(long id, List<Line> lines, Map<String, Integer> counts, State state, Instant at,
                        Optional<String> note, Order parent) {
                }

                /**
                 * Creates an order. The {@code id} is chosen
                 * by the <b>server</b>.
                 *
                 * @param order the order
                 * @return the stored order
                 */
                @Post
                @Status(201)
                CompletionStage<Order> create(@Body Order order) {
                    return null;
                }

                @Delete("/{id}")
                void remove(@PathParam long id) {
                }
            }
            """;

    /** Jakarta constraints on a parameter and on body properties. */
    static final String CONSTRAINED = """
            package app;

            import dev.pronto.core.annotation.*;
            import jakarta.validation.constraints.*;
            import java.util.List;
            import java.util.Optional;

            public final class Signup {
                public record Form(@NotBlank @Size(max = 40) String name, @Email String email,
                        @Pattern(regexp = "[a-z]+") String code, @Positive int age, @Size(min = 1, max = 3) List<String> tags,
                        @DecimalMax(value = "9.5", inclusive = false) java.math.BigDecimal score, String note,
                        @DecimalMin(value = "0.5", inclusive = false) java.math.BigDecimal floor) {
                }

                @Post("/signup")
                void signup(@Body Form form, @Query @Min(1) @Max(50) Optional<Integer> limit) {
                }
            }
            """;

    /** DSL-JSON's renamed, ignored and mandatory properties. */
    static final String RENAMED = """
            package app;

            import com.dslplatform.json.JsonAttribute;
            import dev.pronto.core.annotation.*;

            public final class Renamed {
                public record Doc(@JsonAttribute(name = "full_name") String name, @JsonAttribute(ignore = true) String secret,
                        @JsonAttribute(mandatory = true) String code) {
                }

                @Get("/doc")
                Doc doc() {
                    return null;
                }
            }
            """;

    private OpenApiFixtures() {
    }
}
