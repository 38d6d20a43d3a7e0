package dev.pronto.examples.arena;

import dev.pronto.core.RouteDoc;
import dev.pronto.core.RouteOptions;

/**
 * The OpenAPI entries of the arena's lambda routes ({@link RouteDoc}): what each takes and every status
 * it answers. The annotated controllers' entries come from the processor; Health, the OpenAPI
 * plugin and gRPC document their own routes. Schemas are written with single quotes for readability.
 */
final class ArenaDocs {
    private static final String TEXT = q("{'type':'string'}");
    private static final String INT = q("{'type':'integer','format':'int32'}");
    /** A decimal the routes read as a Java long. */
    private static final String LONG = q("{'type':'integer','format':'int64'}");
    private static final String ID = q("{'type':'integer','format':'int32','minimum':1}");
    private static final String X_CACHE = q("{'type':'string','enum':['HIT','MISS']}");
    private static final String BYTES = q("{'type':'string','format':'binary'}");
    /** A JSON file served as such: a reader that parses JSON media types finds any JSON value, not a string. */
    private static final String ANY_JSON = "{}";
    private static final String ITEM = q("{'$ref':'#/components/schemas/Model.Item'}");

    static final RouteOptions INDEX = doc(RouteDoc.builder().summary("A text index of the demo and its routes")
            .tag("Arena").operationId("index").response(200, "The index", "text/plain", TEXT));
    static final RouteOptions METRICS = doc(RouteDoc.builder().summary("Prometheus metrics").tag("Operations")
            .operationId("metrics").response(200, "The registry's text exposition", "text/plain", TEXT));
    static final RouteOptions BASELINE = sum("baseline", RouteDoc.builder().summary("The sum of a and b, as text"));
    static final RouteOptions BASELINE_POST = sum("baselinePost", RouteDoc.builder()
            .summary("The sum of a, b and the body's integer (none or blank: 0), as text")
            .description("The body is read as a decimal integer whatever its Content-Type (HttpArena sends none, its"
                    + " validation text/plain); documented as the JSON number it also is, which generators can send.")
            .optionalBody("application/json", LONG));
    static final RouteOptions BASELINE2 = sum("baseline2", RouteDoc.builder().summary("The sum of a and b (HTTP/2 profiles)"));
    static final RouteOptions PUBLIC_BASELINE = sum("publicBaseline", RouteDoc.builder()
            .summary("The sum of a and b, without auth or cache"));
    static final RouteOptions PIPELINE = doc(RouteDoc.builder().summary("Answers ok (the pipelining profile)")
            .tag("Baseline").operationId("pipeline").response(200, "ok", "text/plain", q("{'const':'ok'}")));
    static final RouteOptions UPLOAD = doc(RouteDoc.builder().summary("Counts the bytes of a streamed body").tag("Baseline")
            .operationId("upload").optionalBody("application/octet-stream", BYTES)
            .response(200, "The body's length in bytes", "text/plain", q("{'type':'string','pattern':'^[0-9]+$'}")));
    static final RouteOptions STATIC = doc(RouteDoc.builder().summary("A static file").tag("Static").operationId("static")
            .pathParam("path", TEXT).header("Range", TEXT).header("If-None-Match", TEXT)
            .response(200, "The file, typed by its extension", "*/*", BYTES)
            .response(200, "The file, typed by its extension", "application/json", ANY_JSON)
            .response(200, "The file, typed by its extension", "application/manifest+json", ANY_JSON)
            .response(206, "The requested range", "*/*", BYTES)
            .response(304, "Not Modified: If-None-Match matched")
            .response(400, "Bad Request: a path that leaves the directory")
            .response(404, "No such file")
            .response(416, "Range Not Satisfiable"));
    static final RouteOptions ASYNC_DB = doc(RouteDoc.builder().summary("Items priced between min and max, from Postgres")
            .tag("Database").operationId("asyncDb").query("min", INT).query("max", INT).query("limit", INT)
            .response(200, "The items (empty while the database is unreachable)", "application/json",
                    q("{'$ref':'#/components/schemas/Model.DbItems'}"))
            .component("Model.DbItems", q("{'type':'object','properties':{'items':{'type':'array','items':" + ITEM + "},"
                    + "'count':{'type':'integer','format':'int32'}},'required':['items','count']}")));
    static final RouteOptions PUBLIC_JSON = doc(RouteDoc.builder().summary("The first count items with their totals")
            .tag("Stack").operationId("publicJson").pathParam("count", INT)
            .response(200, "The items", "application/json", q("{'$ref':'#/components/schemas/Model.PricedItems'}")));
    static final RouteOptions API_ITEM = doc(RouteDoc.builder().summary("One item, cached in process and in Redis")
            .tag("Stack").operationId("apiItem").pathParam("id", ID)
            .response(200, "The item", "application/json", ITEM).responseHeader(200, "X-Cache", X_CACHE)
            .response(404, "No item has this id", "application/problem+json", problem()));
    static final RouteOptions API_UPDATE = doc(RouteDoc.builder().summary("Updates an item's name, price and quantity")
            .tag("Stack").operationId("apiUpdate").pathParam("id", ID)
            .body("application/json", q("{'$ref':'#/components/schemas/Model.ItemUpdate'}"))
            .response(204, "Updated; the cached copies are dropped")
            .response(404, "No item has this id", "application/problem+json", problem()));
    static final RouteOptions API_ME = doc(RouteDoc.builder().summary("The user the edge authenticated").tag("Stack")
            .operationId("apiMe").header("X-User-Id", ID)
            .response(200, "The user", "application/json", q("{'$ref':'#/components/schemas/Model.User'}"))
            .responseHeader(200, "X-Cache", X_CACHE)
            .response(401, "No X-User-Id: /api/* is reached through the authenticating edge", "application/problem+json",
                    problem())
            .response(404, "No user has this id", "application/problem+json", problem())
            .component("Model.User", q("{'type':'object','properties':{'id':{'type':'integer','format':'int32'},"
                    + "'name':{'type':['string','null']},'email':{'type':['string','null']},"
                    + "'plan':{'type':['string','null']}},'required':['id']}")));
    private ArenaDocs() {
    }

    /** A sum route: optional integers {@code a} and {@code b} (absent: 0), the sum as text. */
    private static RouteOptions sum(String id, RouteDoc.Builder doc) {
        return doc(doc.tag("Baseline").operationId(id).query("a", LONG).query("b", LONG)
                .response(200, "The sum", "text/plain", q("{'type':'string','pattern':'^-?[0-9]+$'}")));
    }

    private static RouteOptions doc(RouteDoc.Builder doc) {
        return RouteOptions.defaults().doc(doc.build());
    }

    private static String problem() {
        return q("{'$ref':'#/components/schemas/Problem'}");
    }

    /** {@code text} with its single quotes made double: JSON without a wall of escapes. */
    private static String q(String text) {
        return text.replace('\'', '"');
    }
}
