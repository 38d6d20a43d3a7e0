package dev.pronto.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RouteMatchParamTest {
    private static final Router<String> ROUTER = Router.<String>builder()
            .add(Method.GET, "/users/{id}", "user")
            .add(Method.GET, "/files/{*path}", "file")
            .build();

    private static RouteMatch<String> user(String id) {
        return ROUTER.find(Method.GET, "/users/" + id);
    }

    @Test
    void plainValueIsReturnedAsIs() {
        assertThat(user("abc-123").param("id")).isEqualTo("abc-123");
    }

    @Test
    void percentEscapesAreDecoded() {
        assertThat(user("a%20b%21").param("id")).isEqualTo("a b!");
    }

    @Test
    void lowerCaseHexEscapesAreDecoded() {
        assertThat(user("%c3%a9").param("id")).isEqualTo("é");
    }

    @Test
    void multiByteUtf8IsDecoded() {
        assertThat(user("caf%C3%A9-%E2%82%AC-%F0%9F%98%80").param("id")).isEqualTo("café-€-😀");
    }

    @Test
    void encodedSlashDecodesToSlash() {
        assertThat(user("a%2Fb").param("id")).isEqualTo("a/b");
    }

    @Test
    void catchAllIsDecodedToo() {
        assertThat(ROUTER.find(Method.GET, "/files/dir/na%20me").param("path")).isEqualTo("dir/na me");
    }

    @Test
    void peekParamReturnsTheRawText() {
        assertThat(user("a%20b").peekParam(0).toString()).isEqualTo("a%20b");
    }

    @Test
    void invalidHexDigitThrowsNamingTheParam() {
        RouteMatch<String> match = user("x%G1");

        assertThatExceptionOfType(MalformedPathException.class)
                .isThrownBy(() -> match.param("id"))
                .withMessage("param 'id' has an invalid escape '%G1'; '%' must be followed by two hex digits")
                .extracting(MalformedPathException::param).isEqualTo("id");
    }

    @Test
    void truncatedEscapeThrows() {
        RouteMatch<String> match = user("x%4");

        assertThatExceptionOfType(MalformedPathException.class)
                .isThrownBy(() -> match.param("id"))
                .withMessage("param 'id' has a truncated escape '%4'; '%' must be followed by two hex digits");
    }

    @Test
    void loneTrailingPercentThrows() {
        assertThatThrownBy(() -> user("x%").param(0)).isInstanceOf(MalformedPathException.class);
    }

    @Test
    void escapedBytesThatAreNotUtf8Throw() {
        assertThatExceptionOfType(MalformedPathException.class)
                .isThrownBy(() -> user("%FF%FE").param("id"))
                .withMessageContaining("param 'id' is not valid UTF-8");
    }

    @Test
    void malformedValueDoesNotAffectTheLookup() {
        RouteMatch<String> match = user("%G1");

        assertThat(match.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(match.peekParam(0).toString()).isEqualTo("%G1");
    }

    @Test
    void unknownParamNameIsNull() {
        RouteMatch<String> match = user("1");

        assertThat(match.param("nope")).isNull();
        assertThat(match.paramIndex("nope")).isEqualTo(-1);
    }

    @Test
    void paramIndexOutOfRangeThrows() {
        RouteMatch<String> match = user("1");

        assertThatThrownBy(() -> match.paramStart(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> match.paramName(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void pathIsTheSameReferenceThatWasPassed() {
        String path = "/users/1";

        assertThat(ROUTER.find(Method.GET, path).path()).isSameAs(path);
    }

    @Test
    void reusedHolderIsResetBetweenLookups() {
        RouteMatch<String> match = ROUTER.newMatch();
        ROUTER.find(Method.GET, "/users/1", match);

        Outcome outcome = ROUTER.find(Method.GET, "/nope", match);

        assertThat(outcome).isEqualTo(Outcome.NOT_FOUND);
        assertThat(match.value()).isNull();
        assertThat(match.paramCount()).isZero();
        assertThat(match.path()).hasToString("/nope");
    }

    @Test
    void holderFromASmallerRouterGrowsToFit() {
        RouteMatch<String> small = Router.<String>builder().add(Method.GET, "/", "root").build().newMatch();
        Router<String> router = Router.<String>builder().add(Method.GET, "/{a}/{b}/{c}", "three").build();

        router.find(Method.GET, "/x/y/z", small);

        assertThat(small.param("c")).isEqualTo("z");
    }

    @Test
    void toStringSummarisesTheMatch() {
        assertThat(user("42")).hasToString("MATCHED /users/{id} {id=42}");
    }
}
