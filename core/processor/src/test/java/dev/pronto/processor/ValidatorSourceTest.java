package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.ValidationException.FieldError;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The generated validators are plain Java reading accessors; what they contain and when they exist. */
class ValidatorSourceTest {
    @Test
    void recordValidatorSource() {
        TestCompiler.Compilation compilation = TestCompiler.compile(ValidationFixtures.SHOP);

        assertThat(compilation.source("app.Shop$Item$Validator")).isEqualTo(ValidationFixtures.SHOP_ITEM_VALIDATOR);
    }

    @Test
    void routesCollectParameterAndBodyErrorsBeforeCallingTheController() {
        TestCompiler.Compilation compilation = TestCompiler.compile(ValidationFixtures.TREE);

        assertThat(compilation.errors()).isEmpty();
        assertThat(compilation.source("app.Tree$Routes")).contains("""
                        var node = Params.jsonBody(req, app.Tree.Node.class);
                        java.lang.Integer limit = Params.intValue(req.query("limit"), "limit", Params.QUERY);
                        List<FieldError> errors = new ArrayList<>();
                        Tree$Node$Validator.collect(node, "body", errors);
                        if (limit != null && limit < 1) {
                            errors.add(new FieldError("query.limit", "must be greater than or equal to 1"));
                        }
                        if (!errors.isEmpty()) {
                            throw new ValidationException(errors);
                        }
                        res.send(controller.add(node, limit));
                """);
    }

    @Test
    void classWithGettersIsValidatedThroughEveryContainer() throws Exception {
        TestCompiler.Compilation compilation = TestCompiler.compile(ValidationFixtures.TREE);
        ClassLoader loader = compilation.loader();
        Class<?> type = loader.loadClass("app.Tree$Node");
        Constructor<?> node = type.getConstructor(String.class, List.class, type.arrayType(), Set.class, Optional.class);
        Object leaf = node.newInstance(" ", null, null, null, Optional.empty());
        Object[] more = (Object[]) java.lang.reflect.Array.newInstance(type, 2);
        more[1] = node.newInstance("much too long", null, null, null, Optional.empty());
        Object root = node.newInstance("root", List.of(leaf), more, Set.of(leaf), Optional.of(leaf));

        List<FieldError> errors = new ArrayList<>();
        loader.loadClass("app.Tree$Node$Validator").getMethod("collect", type, String.class, List.class)
                .invoke(null, root, "body", errors);

        assertThat(errors).containsExactly(new FieldError("body.children[0].name", "must not be blank"),
                new FieldError("body.more[1].short", "name must be short"),
                new FieldError("body.set[].name", "must not be blank"),
                new FieldError("body.parent.name", "must not be blank"));
    }

    @Test
    void unconstrainedBodyGetsNoValidatorAndRoutesStayPlain() {
        TestCompiler.Compilation compilation = TestCompiler.compile(Fixtures.USERS);

        assertThat(compilation.generated().resolve("app/Users$NewUser$Validator.java")).doesNotExist();
        assertThat(compilation.source("app.Users$Routes")).isEqualTo(Fixtures.USERS_ROUTES);
    }

    @Test
    void constraintAnnotationsOfOtherPackagesAreIgnored() {
        TestCompiler.Compilation compilation = TestCompiler.compile("""
                package app;

                import dev.pronto.core.annotation.*;

                public final class Notes {
                    public @interface NotBlank {
                    }

                    public record Note(@NotBlank String text) {
                    }

                    @Post("/notes")
                    String add(@Body Note note, @Query @NotBlank String q) {
                        return q;
                    }
                }
                """);

        assertThat(compilation.errors()).isEmpty();
        assertThat(compilation.generated().resolve("app/Notes$Note$Validator.java")).doesNotExist();
        assertThat(compilation.source("app.Notes$Routes")).doesNotContain("ValidationException");
    }
}
