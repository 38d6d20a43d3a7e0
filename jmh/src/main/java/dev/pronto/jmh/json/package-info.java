/**
 * Benchmarks of the {@code json} module on the HttpArena item list, against Jackson databind as
 * the baseline. Run from the project root, which has {@code ../shared/arena-data/dataset.json}
 * beside it, or point {@code -Darena.dataset=...} at the file.
 */
package dev.pronto.jmh.json;
