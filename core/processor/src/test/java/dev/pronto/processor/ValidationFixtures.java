package dev.pronto.processor;

/** Controllers with Jakarta constraints, compiled by the validation tests. */
final class ValidationFixtures {
    /** An order API: a nested, constrained JSON body and constrained query, path and header parameters. */
    static final String SHOP = """
            package app;

            import com.dslplatform.json.CompiledJson;
            import dev.pronto.core.annotation.*;
            import jakarta.validation.Valid;
            import jakarta.validation.constraints.*;
            import java.math.BigDecimal;
            import java.util.List;
            import java.util.Optional;

            @Path("/shop")
            public final class Shop {
                @CompiledJson
                public record Item(@NotBlank String sku, @DecimalMin("0.01") BigDecimal price, @Positive int quantity) {
                }

                @CompiledJson
                public record Customer(@NotNull @Size(min = 1, max = 20) String name, @Email String email) {
                }

                @CompiledJson
                public record Order(@NotBlank String name, @NotEmpty @Valid List<Item> items, @Valid Customer customer,
                        @AssertTrue(message = "terms must be accepted") boolean accepted) {
                }

                @Post("/orders")
                @Status(201)
                String create(@Body Order order) {
                    return "created " + order.name();
                }

                @Get("/items")
                String items(@Query @Min(1) @Max(50) int limit, @Query @Size(min = 2) Optional<String> q,
                        @Header("X-Id") @Pattern(regexp = "[0-9a-f]{8}") Optional<String> id) {
                    return limit + " " + q.orElse("-") + " " + id.orElse("-");
                }

                @Get("/items/{id}")
                String item(@PathParam @Positive long id, @Cookie @Size(min = 2) String session) {
                    return id + " " + session;
                }
            }
            """;

    private ValidationFixtures() {
    }
}
