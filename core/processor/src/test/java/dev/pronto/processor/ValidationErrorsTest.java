package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Each misused constraint fails the build with one exact message on the annotation to fix. */
class ValidationErrorsTest {
    private static final String HEADER = """
            package app;

            import dev.pronto.core.Request;
            import dev.pronto.core.annotation.*;
            import jakarta.validation.Valid;
            import jakarta.validation.constraints.*;
            import java.util.*;

            """;

    @Test
    void sizeOnInt() {
        assertSingleError(route("String all(@Query @Size(max = 3) int limit)"), "@Size(max = 3)",
                "@Size applies to strings, collections, maps and arrays, not int");
    }

    @Test
    void notBlankOnRecordComponentOfTypeInt() {
        assertSingleError(body("@NotBlank int count"), "@NotBlank", "@NotBlank applies to strings, not int");
    }

    @Test
    void minOnDouble() {
        assertSingleError(route("String all(@Query @Min(1) double ratio)"), "@Min(1)",
                "@Min applies to integral numbers, BigInteger and BigDecimal, not double");
    }

    @Test
    void positiveOnString() {
        assertSingleError(body("@Positive String count"), "@Positive", "@Positive applies to numbers, not String");
    }

    @Test
    void notNullOnPrimitive() {
        assertSingleError(route("String all(@Query @NotNull int limit)"), "@NotNull",
                "@NotNull applies to object types, not int");
    }

    @Test
    void assertTrueOnString() {
        assertSingleError(body("@AssertTrue String accepted"), "@AssertTrue", "@AssertTrue applies to booleans, not String");
    }

    @Test
    void pastOnString() {
        assertSingleError(body("@Past String born"), "@Past",
                "@Past applies to Instant, LocalDate, LocalDateTime, OffsetDateTime and ZonedDateTime, not String");
    }

    @Test
    void patternThatDoesNotCompile() {
        assertSingleError(body("@Pattern(regexp = \"[a-z\") String code"), "@Pattern",
                "@Pattern regexp does not compile: Unclosed character class near index 3 of [a-z");
    }

    @Test
    void decimalMinThatIsNotANumber() {
        assertSingleError(body("@DecimalMin(\"one\") long count"), "@DecimalMin",
                "@DecimalMin value 'one' is not a decimal number");
    }

    @Test
    void sizeWithMaxBelowMin() {
        assertSingleError(body("@Size(min = 5, max = 1) String name"), "@Size",
                "@Size needs 0 <= min <= max, got min 5 and max 1");
    }

    @Test
    void unsupportedJakartaConstraint() {
        assertSingleError(body("@Digits(integer = 3, fraction = 0) long count"), "@Digits",
                "@Digits is not supported by pronto-processor");
    }

    @Test
    void validationGroups() {
        assertSingleError(body("@NotBlank(groups = Object.class) String name"), "@NotBlank",
                "validation groups are not supported: every constraint is checked on every request; "
                        + "remove groups from @NotBlank");
    }

    @Test
    void constraintOnTypeArgument() {
        assertSingleError(body("List<@NotBlank String> tags"), "tags",
                "@NotBlank on a type argument is not supported; annotate the parameter or property itself "
                        + "(an Optional's value is checked when present)");
    }

    @Test
    void validOnListOfStrings() {
        assertSingleError(body("@Valid List<String> tags"), "tags", "@Valid applies to records and classes, and to "
                + "Lists, collections, arrays and Optionals of them, not List<String>");
    }

    @Test
    void validOnQueryParameter() {
        assertSingleError(route("String all(@Query @Valid String q)"), "@Valid",
                "@Valid applies to @Body parameters and to properties of validated classes");
    }

    @Test
    void constraintOnRequestParameter() {
        assertSingleError(route("String all(@NotNull Request req)"), "req)",
                "constraints apply to @PathParam, @Query, @Header, @Cookie and @Body parameters, not to 'req'");
    }

    @Test
    void constrainedFieldWithoutAccessor() {
        String source = HEADER + "public final class Users {\n    public static final class Form {\n"
                + "        @NotBlank private String name;\n    }\n\n"
                + "    @Post(\"/\")\n    String add(@Body Form form) {\n        return \"\";\n    }\n}\n";
        assertSingleError(source, "name;", "constrained field 'name' needs a non-private accessor, getName() or name(), "
                + "for its generated validator");
    }

    @Test
    void privateNestedTypeBehindValid() {
        String source = HEADER + "public final class Users {\n    private record Line(@NotBlank String sku) {\n    }\n\n"
                + "    public record Form(@Valid List<Line> lines) {\n    }\n\n"
                + "    @Post(\"/\")\n    String add(@Body Form form) {\n        return \"\";\n    }\n}\n";
        assertSingleError(source, "lines)", "Line must not be private; its generated Users$Line$Validator reads it "
                + "from the same package");
    }

    @Test
    void errorInABodyTypeSharedByTwoControllersIsReportedOnceAndFailsBoth() {
        String form = HEADER + "public record Form(@Size(min = 1) int count) {\n}\n";
        String users = HEADER + "public final class Users {\n    @Post(\"/users\") String add(@Body Form form) { return \"\"; }\n}\n";
        String admins = HEADER + "public final class Admins {\n    @Post(\"/admins\") String add(@Body Form form) { return \"\"; }\n}\n";

        TestCompiler.Compilation compilation = TestCompiler.compile(form, users, admins);

        assertThat(compilation.errors()).containsExactly("@Size applies to strings, collections, maps and arrays, not int");
        assertThat(compilation.generated().resolve("app/Users$Routes.java")).doesNotExist();
        assertThat(compilation.generated().resolve("app/Admins$Routes.java")).doesNotExist();
    }

    /** A controller with one GET route declared by {@code signature}. */
    private static String route(String signature) {
        return HEADER + "public final class Users {\n    @Get(\"/\")\n    " + signature + " {\n        return \"\";\n    }\n}\n";
    }

    /** A controller posting a record with {@code components}. */
    private static String body(String components) {
        return HEADER + "public final class Users {\n    public record Form(\n            " + components + ") {\n    }\n\n"
                + "    @Post(\"/\")\n    String add(@Body Form form) {\n        return \"\";\n    }\n}\n";
    }

    /** Asserts the only error is {@code message}, highlighted where {@code highlight} first appears. */
    static void assertSingleError(String source, String highlight, String message) {
        TestCompiler.Compilation compilation = TestCompiler.compile(source);

        assertThat(compilation.errors()).containsExactly(message);
        Diagnostic<? extends JavaFileObject> error = compilation.errorDiagnostics().get(0);
        long line = lineOf(source, highlight);
        assertThat(error.getLineNumber()).as("line").isEqualTo(line);
        String text = source.lines().toList().get((int) line - 1);
        assertThat(error.getColumnNumber()).as("column").isEqualTo(text.indexOf(highlight) + 1);
    }

    static long lineOf(String source, String marker) {
        List<String> lines = source.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no line contains " + marker);
    }
}
