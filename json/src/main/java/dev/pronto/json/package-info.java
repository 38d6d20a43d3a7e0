/**
 * JSON for Pronto: {@link dev.pronto.json.ProntoJson} implements core's
 * {@link dev.pronto.core.JsonCodec} with DSL-JSON converters generated at compile time, written
 * straight into pooled buffers.
 *
 * <p>Setup, once per application:
 * <ol>
 *   <li>annotate the records you send and receive with {@code @com.dslplatform.json.CompiledJson};
 *   <li>compile with {@code -Adsljson.configuration=com.example.JsonConfiguration} (DSL-JSON's
 *       annotation processor, in {@code annotationProcessorPaths}, then generates that class, which
 *       registers every converter);
 *   <li>wire it: {@code Server.builder().json(ProntoJson.create(new JsonConfiguration()))}.
 * </ol>
 * There is no reflection fallback: a type without a generated converter fails
 * {@link dev.pronto.json.ProntoJson#verify(Class)} and its first use with a message naming the type
 * and the annotation to add.
 */
package dev.pronto.json;
