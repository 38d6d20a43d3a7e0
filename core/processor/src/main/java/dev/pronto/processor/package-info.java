/**
 * The annotation processor that turns controllers annotated with {@code dev.pronto.core.annotation}
 * into plain route registrations at compile time: {@link dev.pronto.processor.RoutesProcessor}.
 * Everything else in this package is its implementation.
 */
package dev.pronto.processor;
