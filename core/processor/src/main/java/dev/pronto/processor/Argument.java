package dev.pronto.processor;

/**
 * One argument of a generated controller call.
 *
 * @param expression the Java expression producing it, e.g. {@code Params.longValue(req.param("id"), "id", Params.PATH)}
 * @param pathName the path parameter it binds, or null
 * @param body whether it is the request body
 * @param checked its constraint checks, or null when it has none
 */
record Argument(String expression, String pathName, boolean body, Checked checked) {
    static Argument of(String expression) {
        return new Argument(expression, null, false, null);
    }
}
