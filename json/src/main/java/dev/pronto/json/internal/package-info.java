/**
 * Internal use only; not API. The DSL-JSON plumbing behind {@link dev.pronto.json.ProntoJson}:
 * converter lookup caches, per-thread scratch state, the nesting guard and error mapping.
 */
package dev.pronto.json.internal;
