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

    /** One record component per supported constraint, each at its boundary in {@code GeneratedConstraintsTest}. */
    static final String SAMPLES = """
            package app;

            import com.dslplatform.json.CompiledJson;
            import dev.pronto.core.annotation.*;
            import jakarta.validation.constraints.*;
            import java.math.BigDecimal;
            import java.math.BigInteger;
            import java.time.OffsetDateTime;
            import java.time.LocalDate;
            import java.util.List;
            import java.util.Map;

            public final class Samples {
                @CompiledJson
                public record Sample(
                        @NotNull String notNull,
                        @Null String mustBeNull,
                        @NotBlank String notBlank,
                        @NotEmpty List<String> notEmpty,
                        @NotEmpty Map<String, String> map,
                        @Size(min = 2, max = 3) String size,
                        @Size(max = 2) int[] sizedArray,
                        @Min(1) int min,
                        @Max(10) Long max,
                        @DecimalMin("0.5") BigDecimal decimalMin,
                        @DecimalMax(value = "9.5", inclusive = false) BigDecimal decimalMax,
                        @DecimalMin("1.5") int integralDecimalMin,
                        @Positive int positive,
                        @PositiveOrZero double positiveOrZero,
                        @Negative BigInteger negative,
                        @NegativeOrZero long negativeOrZero,
                        @Pattern(regexp = "[a-z]+", flags = Pattern.Flag.CASE_INSENSITIVE) String pattern,
                        @Email String email,
                        @AssertTrue boolean assertTrue,
                        @AssertFalse Boolean assertFalse,
                        @Past LocalDate past,
                        @FutureOrPresent OffsetDateTime future,
                        @Size(min = 2, message = "needs {min} or more") String custom) {
                }

                @Post("/samples")
                String check(@Body Sample sample) {
                    return "ok";
                }
            }
            """;

    private ValidationFixtures() {
    }
}
