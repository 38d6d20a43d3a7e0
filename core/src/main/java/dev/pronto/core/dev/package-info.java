/**
 * The development loop: {@link dev.pronto.core.dev.DevLoop} watches a service's sources, recompiles them with
 * the annotation processors and restarts the service in the same JVM. A development tool, never part of a
 * running service.
 */
package dev.pronto.core.dev;
