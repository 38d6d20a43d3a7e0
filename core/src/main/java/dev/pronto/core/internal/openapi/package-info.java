/**
 * The OpenAPI document as the server routes it: a small JSON tree reader and writer
 * ({@code JsonTree}), the problem components every document shares ({@code ProblemComponents}) and
 * the assembly of the processor's document with the routes the server registered, group prefixes
 * included, and the operations of documented lambda routes ({@code DocumentAssembly}).
 *
 * <p>Depends on no protocol package. Not API.
 */
package dev.pronto.core.internal.openapi;
