/** JSON for Pronto through DSL-JSON's compile-time converters. */
module dev.pronto.json {
    requires transitive dev.pronto.core;
    requires transitive dsl.json;

    exports dev.pronto.json;

    uses com.dslplatform.json.Configuration;
}
