/**
 * The feature service: a small annotated service that uses every feature of {@code pronto-processor} (enums, maps,
 * sets, UUIDs and dates in bodies, a required header, query bounds, an optional enum, a file upload,
 * {@code @RolesAllowed} inside {@code group("/api")} behind Basic authentication, typed problems for a missing
 * widget and for invalid input) and serves its own OpenAPI document at {@code /openapi.json}. Schemathesis and
 * openapi-python-client try it from outside ({@code jmh/load/schemathesis.sh}, {@code jmh/load/python-clients.sh});
 * {@code WidgetsApi$Client} tries it from Pronto's own typed client.
 */
package dev.pronto.examples.feature;
