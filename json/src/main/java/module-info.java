/** JSON for Pronto through DSL-JSON's compile-time converters. */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"}) // DSL-JSON's jar names no module; its types are this module's API
module dev.pronto.json {
    requires transitive dev.pronto.core;
    requires transitive dsl.json;

    exports dev.pronto.json;

    uses com.dslplatform.json.Configuration;
}
